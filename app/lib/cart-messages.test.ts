import { describe, expect, it } from "vitest";
import {
  CART_MESSAGES,
  cartLinkLabel,
  isCartErrorCode,
  LINE_KEY_PATTERN,
  lineKeyOf,
  onlyLeftMessage,
} from "./cart-messages";

describe("cart messages", () => {
  it("builds the item id, and accepts only such ids", () => {
    expect(lineKeyOf(12, null)).toBe("12-base");
    expect(lineKeyOf(12, 7)).toBe("12-7");
    expect(LINE_KEY_PATTERN.test("12-base")).toBe(true);
    expect(LINE_KEY_PATTERN.test("12-7")).toBe(true);
    expect(LINE_KEY_PATTERN.test("12-7; DROP")).toBe(false);
  });

  it("says how many pieces are left, singular for one", () => {
    expect(onlyLeftMessage(1)).toBe("Solo queda 1 pieza disponible");
    expect(onlyLeftMessage(4)).toBe("Solo quedan 4 piezas disponibles");
  });

  it("names the cart link by its count, singular for one piece", () => {
    expect(cartLinkLabel(0)).toBe("Carrito vacío");
    expect(cartLinkLabel(1)).toBe("Carrito, 1 artículo");
    expect(cartLinkLabel(3)).toBe("Carrito, 3 artículos");
    expect(cartLinkLabel(120)).toBe("Carrito, 120 artículos");
  });

  it("sends the shopper to log in: the add-to-cart hook reacts to the word autenticado", () => {
    expect(CART_MESSAGES.unauthenticated).toContain("autenticado");
  });

  it("recognises its error codes, not inherited properties", () => {
    expect(isCartErrorCode("out_of_stock")).toBe(true);
    expect(isCartErrorCode("toString")).toBe(false);
  });
});
