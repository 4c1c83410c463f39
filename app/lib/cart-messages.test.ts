import { describe, expect, it } from "vitest";
import { CART_MESSAGES, isCartErrorCode, LINE_KEY_PATTERN, lineKeyOf, onlyLeftMessage } from "./cart-messages";

describe("cart messages", () => {
  it("builds the spec's item id", () => {
    expect(lineKeyOf(12, null)).toBe("12-base");
    expect(lineKeyOf(12, 7)).toBe("12-7");
    expect(LINE_KEY_PATTERN.test("12-base")).toBe(true);
    expect(LINE_KEY_PATTERN.test("12-7")).toBe(true);
    expect(LINE_KEY_PATTERN.test("12-7; DROP")).toBe(false);
  });

  it("speaks Spanish to shoppers, with the spec's exact texts", () => {
    expect(CART_MESSAGES.out_of_stock).toBe("Este producto está agotado");
    expect(CART_MESSAGES.unauthenticated).toContain("autenticado");
    expect(onlyLeftMessage(1)).toBe("Solo queda 1 pieza disponible");
    expect(onlyLeftMessage(4)).toBe("Solo quedan 4 piezas disponibles");
    for (const message of Object.values(CART_MESSAGES)) expect(message).not.toMatch(/Failed|cart\b/);
  });

  it("recognises its error codes", () => {
    expect(isCartErrorCode("out_of_stock")).toBe(true);
    expect(isCartErrorCode("toString")).toBe(false);
  });
});
