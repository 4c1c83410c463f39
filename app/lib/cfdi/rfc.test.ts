import { describe, expect, it } from "vitest";
import { checkRfc, normaliseRfc, personTypeByLength, RFC_MESSAGES } from "./rfc";

describe("checkRfc", () => {
  it("accepts a persona física (13) and a persona moral (12) with their check digits", () => {
    expect(checkRfc("COSC8001137NA")).toEqual({ ok: true, rfc: "COSC8001137NA", person: "fisica" });
    expect(checkRfc("EKU9003173C9")).toEqual({ ok: true, rfc: "EKU9003173C9", person: "moral" });
  });

  it("normalises case, spaces and dashes as people type them", () => {
    expect(normaliseRfc(" cosc-800113-7na ")).toBe("COSC8001137NA");
    expect(checkRfc("eku 900317 3c9")).toMatchObject({ ok: true, rfc: "EKU9003173C9" });
  });

  it("refuses the generic RFCs for a nominative invoice, explaining why", () => {
    expect(checkRfc("XAXX010101000")).toEqual({ ok: false, message: RFC_MESSAGES.generic });
    expect(checkRfc("xexx010101000")).toEqual({ ok: false, message: RFC_MESSAGES.foreign });
  });

  it("says what is wrong: empty, length, date, check digit", () => {
    expect(checkRfc("")).toEqual({ ok: false, message: RFC_MESSAGES.required });
    expect(checkRfc("COSC800113")).toEqual({ ok: false, message: RFC_MESSAGES.shape });
    expect(checkRfc("1234567890123")).toEqual({ ok: false, message: RFC_MESSAGES.shape });
    expect(checkRfc("COSC8013327NA")).toEqual({ ok: false, message: RFC_MESSAGES.date });
    expect(checkRfc("EKU9003173C8")).toEqual({ ok: false, message: RFC_MESSAGES.checkDigit });
  });

  it("tells persona física from moral by length", () => {
    expect(personTypeByLength("COSC8001137NA")).toBe("fisica");
    expect(personTypeByLength("EKU9003173C9")).toBe("moral");
    expect(personTypeByLength("EKU")).toBeNull();
  });
});
