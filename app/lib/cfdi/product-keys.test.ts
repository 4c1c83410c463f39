import { describe, expect, it } from "vitest";
import {
  CATEGORY_SAT_KEYS,
  DEFAULT_SAT_PRODUCT_KEY,
  lineSatProductKey,
  normaliseSatProductKey,
  SAT_KEY_MESSAGES,
  satProductKeyError,
} from "./product-keys";

describe("SAT product keys per category", () => {
  it("accepts eight digits, also typed with spaces or dots", () => {
    expect(satProductKeyError("54101503")).toBeNull();
    expect(satProductKeyError(" 5410 1503 ")).toBeNull();
    expect(normaliseSatProductKey("54.10.15.03")).toBe("54101503");
  });

  it("refuses what is not eight digits, with the Spanish message of each case", () => {
    expect(satProductKeyError("")).toBe(SAT_KEY_MESSAGES.required);
    expect(satProductKeyError("   ")).toBe(SAT_KEY_MESSAGES.required);
    for (const bad of ["5410150", "541015000", "5410150A", "-5410150", "５４１０１５００", "54101500\u0000"]) {
      expect(satProductKeyError(bad), bad).toBe(SAT_KEY_MESSAGES.format);
    }
    expect(satProductKeyError("00000000")).toBe(SAT_KEY_MESSAGES.zeros);
  });

  it("starts the shop's categories in class 541015 (fine jewellery), each with its own product", () => {
    const keys = Object.values(CATEGORY_SAT_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^541015\d{2}$/);
    expect(DEFAULT_SAT_PRODUCT_KEY).toBe("54101500");
  });

  it("invoices a line whose piece is gone (or whose key is unreadable) with the default key", () => {
    expect(lineSatProductKey("54101503")).toBe("54101503");
    expect(lineSatProductKey(null)).toBe(DEFAULT_SAT_PRODUCT_KEY);
    expect(lineSatProductKey(undefined)).toBe(DEFAULT_SAT_PRODUCT_KEY);
    expect(lineSatProductKey("abc")).toBe(DEFAULT_SAT_PRODUCT_KEY);
  });
});
