import { describe, expect, it } from "vitest";
import { accountHref, readPendingAdd } from "./pending-add";

const read = (query: string) => readPendingAdd(new URLSearchParams(query));

describe("readPendingAdd", () => {
  it("reads the piece and the quantity of the interrupted add", () => {
    expect(read("agregar=12-34&cantidad=2")).toEqual({ productId: 12, variantId: 34, quantity: 2 });
    expect(read("agregar=7-base")).toEqual({ productId: 7, variantId: null, quantity: 1 });
    expect(read("agregar=7-base&cantidad=0")).toEqual({ productId: 7, variantId: null, quantity: 1 });
    expect(read("agregar=7-base&cantidad=abc")).toEqual({ productId: 7, variantId: null, quantity: 1 });
    expect(read("agregar=7-base&cantidad=99")).toEqual({ productId: 7, variantId: null, quantity: 99 });
  });

  it("ignores what is not a piece", () => {
    for (const query of [
      "",
      "agregar=",
      "agregar=12",
      "agregar=012-3",
      "agregar=1-0",
      "agregar=9999999999-1",
      "agregar=<b>",
    ]) {
      expect(read(query), query).toBeNull();
    }
  });

  it("reads a form as well as a query", () => {
    const form = new FormData();
    form.set("agregar", "3-9");
    form.set("cantidad", "4");
    expect(readPendingAdd(form)).toEqual({ productId: 3, variantId: 9, quantity: 4 });
  });
});

describe("accountHref", () => {
  it("carries the way back and the pending add", () => {
    expect(accountHref("/login", "/producto/12?talla=6", { productId: 12, variantId: 34, quantity: 2 })).toBe(
      "/login?redirectTo=%2Fproducto%2F12%3Ftalla%3D6&agregar=12-34&cantidad=2",
    );
    expect(accountHref("/register", "/", null)).toBe("/register");
    expect(accountHref("/login", "/", { productId: 1, variantId: null, quantity: 500 })).toBe(
      "/login?agregar=1-base&cantidad=99",
    );
    expect(accountHref("/login", "/orders", null)).toBe("/login?redirectTo=%2Forders");
  });
});
