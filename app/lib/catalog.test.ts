import { describe, expect, it } from "vitest";
import { sortForGrid } from "./catalog";
import { stockLabel, stockLevel } from "./stock";
import { displayName } from "./user";

describe("sortForGrid", () => {
  it("puts new and featured first, then new, then featured, then the rest, keeping order within a rank", () => {
    const products = [
      { id: 1, isNew: false, isFeatured: false },
      { id: 2, isNew: false, isFeatured: true },
      { id: 3, isNew: true, isFeatured: false },
      { id: 4, isNew: true, isFeatured: true },
      { id: 5, isNew: true, isFeatured: false },
      { id: 6, isNew: false, isFeatured: false },
    ];
    expect(sortForGrid(products).map((p) => p.id)).toEqual([4, 3, 5, 2, 1, 6]);
  });
});

describe("stock line", () => {
  it("follows the stock thresholds", () => {
    expect(stockLabel(0)).toBe("Agotado");
    expect(stockLabel(-2)).toBe("Agotado");
    expect(stockLabel(1)).toBe("Restantes 1");
    expect(stockLabel(20)).toBe("Restantes 20");
    expect(stockLabel(21)).toBe("Disponible");
    expect(stockLevel(5)).toBe("low");
  });
});

describe("displayName", () => {
  it("uses the name, else the e-mail before @, else Usuario", () => {
    expect(displayName({ name: "Lucía", email: "lucia@example.mx" })).toBe("Lucía");
    expect(displayName({ name: "  ", email: "mario.perez@example.mx" })).toBe("mario.perez");
    expect(displayName({ name: null, email: null })).toBe("Usuario");
  });
});

describe("price formatting for cards", () => {
  it("formats the card's price, original price and Ahorras amount in es-MX pesos", async () => {
    const { formatMoney, savings, discountPercent } = await import("./money");
    expect(formatMoney(2_499_00)).toBe("$2,499.00");
    expect(formatMoney(savings(1_899_00, 2_499_00))).toBe("$600.00");
    expect(discountPercent(1_899_00, 2_499_00)).toBe(24);
  });
});
