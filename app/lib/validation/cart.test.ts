import { describe, expect, it } from "vitest";
import { CART_BAD_REQUEST, CartActionSchema } from "./cart";
import { parseForm } from "./test-utils";

describe("CartActionSchema", () => {
  it("accepts each intent the shop's forms send", () => {
    expect(parseForm(CartActionSchema, { intent: "add", productId: "12", variantId: "", quantity: "" })).toEqual({
      value: { intent: "add", productId: 12, variantId: null, quantity: 1 },
    });
    expect(parseForm(CartActionSchema, { intent: "add", productId: "12", variantId: "7", quantity: "3" })).toEqual({
      value: { intent: "add", productId: 12, variantId: 7, quantity: 3 },
    });
    expect(parseForm(CartActionSchema, { intent: "add", productId: "12", variantId: "base" })).toEqual({
      value: { intent: "add", productId: 12, variantId: null, quantity: 1 },
    });
    expect(
      parseForm(CartActionSchema, { intent: "set-quantity", lineKey: "12-base", quantity: "0", current: "1" }),
    ).toEqual({ value: { intent: "set-quantity", lineKey: "12-base", quantity: 0 } });
    expect(parseForm(CartActionSchema, { intent: "remove", lineKey: "12-7", _fetcher: "1" })).toEqual({
      value: { intent: "remove", lineKey: "12-7" },
    });
    expect(parseForm(CartActionSchema, { intent: "clear" })).toEqual({ value: { intent: "clear" } });
  });

  it("refuses an unknown or missing intent, and the old increment/decrement", () => {
    for (const intent of ["steal", "increment", "decrement", ""]) {
      expect(parseForm(CartActionSchema, { intent, lineKey: "12-base" })).toEqual({
        errors: { intent: CART_BAD_REQUEST },
      });
    }
    expect(parseForm(CartActionSchema, {})).toEqual({ errors: { intent: CART_BAD_REQUEST } });
  });

  it.each(["", "0", "012", "-1", "1.5", "1e3", "0x10", " 12", "2147483648", "abc"])(
    "refuses the malformed product id %j",
    (productId) => {
      expect(parseForm(CartActionSchema, { intent: "add", productId })).toEqual({
        errors: { productId: CART_BAD_REQUEST },
      });
    },
  );

  it("refuses a malformed variant id or line key", () => {
    expect(parseForm(CartActionSchema, { intent: "add", productId: "1", variantId: "x" })).toEqual({
      errors: { variantId: CART_BAD_REQUEST },
    });
    for (const lineKey of ["", "12", "12-", "a-base", "12-base; DROP"]) {
      expect(parseForm(CartActionSchema, { intent: "remove", lineKey })).toEqual({
        errors: { lineKey: CART_BAD_REQUEST },
      });
    }
  });

  it("refuses a quantity that is not a whole number with the cart's message", () => {
    for (const quantity of ["dos", "1.5", "9999999"]) {
      expect(parseForm(CartActionSchema, { intent: "set-quantity", lineKey: "1-base", quantity })).toEqual({
        errors: { quantity: "Elige una cantidad válida" },
      });
    }
    expect(parseForm(CartActionSchema, { intent: "set-quantity", lineKey: "1-base" })).toEqual({
      errors: { quantity: "Elige una cantidad válida" },
    });
  });
});
