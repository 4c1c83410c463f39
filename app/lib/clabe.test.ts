import { describe, expect, it } from "vitest";
import { CLABE_MESSAGES, checkClabe, clabeCheckDigit } from "./clabe";

describe("CLABE", () => {
  it("computes the check digit with the weights 3, 7, 1 mod 10", () => {
    // Banxico's worked example: 002 010 07777777777 → check digit 1.
    expect(clabeCheckDigit("00201007777777777")).toBe(1);
    // A sum that is already a multiple of 10 gives 0, not 10.
    expect(clabeCheckDigit("00000000000000000")).toBe(0);
  });

  it("accepts a valid CLABE, with spaces or dashes as shoppers type it", () => {
    expect(checkClabe("002010077777777771")).toEqual({ ok: true, clabe: "002010077777777771" });
    expect(checkClabe("002 010 07777777777 1")).toEqual({ ok: true, clabe: "002010077777777771" });
    expect(checkClabe("002-010-07777777777-1")).toEqual({ ok: true, clabe: "002010077777777771" });
  });

  it("refuses a wrong check digit, a wrong length and anything but digits", () => {
    expect(checkClabe("002010077777777772")).toEqual({ ok: false, message: CLABE_MESSAGES.checkDigit });
    expect(checkClabe("00201007777777777")).toEqual({ ok: false, message: CLABE_MESSAGES.format });
    expect(checkClabe("0020100777777777711")).toEqual({ ok: false, message: CLABE_MESSAGES.format });
    expect(checkClabe("00201007777777777a")).toEqual({ ok: false, message: CLABE_MESSAGES.format });
    expect(checkClabe("")).toEqual({ ok: false, message: CLABE_MESSAGES.format });
  });

  it("a swapped pair of digits is caught", () => {
    expect(checkClabe("020010077777777771").ok).toBe(false);
  });
});
