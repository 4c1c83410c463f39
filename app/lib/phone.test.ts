import { describe, expect, it } from "vitest";
import { formatPhone, normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it("keeps the ten digits of the ways Mexicans write a phone number", () => {
    for (const typed of [
      "5512345678",
      "55 1234 5678",
      "55-1234-5678",
      "55.1234.5678",
      "(55) 1234-5678",
      "+52 55 1234 5678",
      "+525512345678",
      "+52 1 55 1234 5678",
      "0052 55 1234 5678",
      "52 55 1234 5678",
      "521 55 1234 5678",
      " 55 1234 5678 ",
    ]) {
      expect(normalizePhone(typed), typed).toBe("5512345678");
    }
  });

  it("leaves what is not a Mexican number for the ten-digit rule to refuse", () => {
    expect(normalizePhone("55 1234 567")).toBe("551234567");
    expect(normalizePhone("+1 212 555 0100")).toBe("+12125550100");
    expect(normalizePhone("55 12ab 5678")).toBe("5512ab5678");
    expect(normalizePhone("+52 55 1234 56789")).toBe("55123456789");
  });
});

describe("formatPhone", () => {
  it("groups the big cities' two-digit area codes and the rest as 3-3-4", () => {
    expect(formatPhone("5512345678")).toBe("55 1234 5678");
    expect(formatPhone("3331234567")).toBe("33 3123 4567");
    expect(formatPhone("9991234567")).toBe("999 123 4567");
    expect(formatPhone("12345")).toBe("12345");
  });
});
