import { describe, expect, it } from "vitest";
import { canTransition, ORDER_STATUS_INFO, ORDER_STATUSES } from "./order-status";
import {
  chargedLines,
  computeTotals,
  ORDER_NUMBER_PATTERN,
  randomOrderNumber,
  paymentErrorMessage,
  stockShortMessage,
  paymentLines,
  shownLinesTotal,
  shownPrice,
  storedPriceFor,
  vatOf,
} from "./checkout";

describe("computeTotals", () => {
  it("adds the fixed 15-peso shipping and 16 % IVA of the subtotal, in centavos", () => {
    const totals = computeTotals([
      { unitPrice: 1_500_00, quantity: 2 },
      { unitPrice: 899_50, quantity: 1 },
    ]);
    expect(totals).toEqual({ subtotal: 3_899_50, shipping: 15_00, tax: 623_92, total: 3_899_50 + 15_00 + 623_92 });
  });

  it("rounds IVA to the nearest centavo, halves up", () => {
    // 16 % of a whole number of centavos has a fractional part that is a multiple of 0.04, so it is
    // never exactly one half: .48 goes down, .52 goes up.
    expect(vatOf(1)).toBe(0); // 0.16
    expect(vatOf(3)).toBe(0); // 0.48
    expect(vatOf(22)).toBe(4); // 3.52
    expect(vatOf(4)).toBe(1); // 0.64
    expect(vatOf(2_03)).toBe(32); // 32.48
    expect(vatOf(2_05)).toBe(33); // 32.80
    expect(vatOf(1_406_25)).toBe(225_00); // 22 500.00
    expect(vatOf(1_406_28)).toBe(225_00); // 22 500.48
    expect(vatOf(1_406_47)).toBe(225_04); // 22 503.52
    expect(vatOf(12_500_25)).toBe(2_000_04); // 200 004.00
  });

  it("handles an empty list (no products: only the shipping)", () => {
    expect(computeTotals([])).toEqual({ subtotal: 0, shipping: 15_00, tax: 0, total: 15_00 });
  });
});

describe("order numbers", () => {
  it("are LJ plus ten random digits, unrelated to the time", () => {
    const numbers = Array.from({ length: 200 }, () => randomOrderNumber());
    for (const n of numbers) expect(n).toMatch(ORDER_NUMBER_PATTERN);
    // 200 draws from 10^10: a repeat would mean the digits are not random.
    expect(new Set(numbers).size).toBe(200);
    // Two numbers drawn in the same millisecond share no time-derived part.
    const tails = new Set(numbers.map((n) => n.slice(-6)));
    expect(tails.size).toBeGreaterThan(190);
  });

  it("use every digit in every position", () => {
    const numbers = Array.from({ length: 2000 }, () => randomOrderNumber());
    for (let position = 2; position < 12; position++) {
      expect(new Set(numbers.map((n) => n[position])).size).toBe(10);
    }
  });
});

describe("order statuses", () => {
  it("have a Spanish label, a colour and an icon each, devuelto included", () => {
    expect(ORDER_STATUSES).toEqual([
      "pendiente",
      "procesando",
      "enviado",
      "entregado",
      "cancelado",
      "reembolsado",
      "devuelto",
    ]);
    expect(ORDER_STATUSES.map((s) => ORDER_STATUS_INFO[s].label)).toEqual([
      "Pendiente",
      "Procesando",
      "Enviado",
      "Entregado",
      "Cancelado",
      "Reembolsado",
      "Devuelto",
    ]);
    const colours = new Set(ORDER_STATUSES.map((s) => ORDER_STATUS_INFO[s].badgeClass));
    expect(colours.size).toBe(ORDER_STATUSES.length);
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_INFO[s].icon).not.toBe("");
  });

  it("move only along the allowed transitions", () => {
    expect(canTransition("pendiente", "procesando")).toBe(true);
    expect(canTransition("pendiente", "cancelado")).toBe(true);
    expect(canTransition("pendiente", "enviado")).toBe(false);
    expect(canTransition("procesando", "enviado")).toBe(true);
    expect(canTransition("procesando", "pendiente")).toBe(false);
    expect(canTransition("enviado", "entregado")).toBe(true);
    expect(canTransition("entregado", "devuelto")).toBe(true);
    expect(canTransition("procesando", "devuelto")).toBe(false);
    expect(canTransition("entregado", "cancelado")).toBe(false);
    // A payment that arrives after the reservation was released and could be re-reserved.
    expect(canTransition("cancelado", "procesando")).toBe(true);
    expect(canTransition("cancelado", "pendiente")).toBe(false);
    expect(canTransition("reembolsado", "procesando")).toBe(false);
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
  });
});

describe("messages", () => {
  it("name the product when the stock no longer fits", () => {
    expect(stockShortMessage("Anillo Aurora", 0)).toBe("Anillo Aurora está agotado");
    expect(stockShortMessage("Anillo Aurora", 1)).toBe("Solo queda 1 pieza de Anillo Aurora");
    expect(stockShortMessage("Collar Luna (Oro)", 3)).toBe("Solo quedan 3 piezas de Collar Luna (Oro)");
  });

  it("prefix payment errors as the page shows them", () => {
    expect(paymentErrorMessage("No hay sesión activa")).toBe("Error al procesar el pago: No hay sesión activa");
  });
});

describe("prices shown with IVA included", () => {
  const lines = [
    { unitPrice: 1_234_57, quantity: 3 },
    { unitPrice: 99_99, quantity: 1 },
  ];

  it("adds each piece's IVA to the price a shopper sees, and nothing when the setting is off", () => {
    expect(shownPrice(14_500_00, true)).toBe(16_820_00);
    expect(shownPrice(14_500_00, false)).toBe(14_500_00);
    expect(shownPrice(1_234_57, true)).toBe(1_234_57 + 197_53); // 197.5312 → 197.53
  });

  it("charges exactly the sum of the shown prices plus shipping", () => {
    const totals = computeTotals(lines, { ivaIncluded: true });
    expect(totals.subtotal).toBe(1_234_57 * 3 + 99_99);
    expect(totals.tax).toBe(vatOf(1_234_57) * 3 + vatOf(99_99));
    expect(totals.subtotal + totals.tax).toBe(shownLinesTotal(lines, true));
    expect(totals.total).toBe(shownLinesTotal(lines, true) + totals.shipping);
    // Off: IVA of the whole subtotal, as the checkout always did; the cart shows prices before IVA.
    expect(computeTotals(lines).tax).toBe(vatOf(1_234_57 * 3 + 99_99));
    expect(shownLinesTotal(lines, false)).toBe(1_234_57 * 3 + 99_99);
  });

  it("gives the payment page lines that add up to the order's total, with or without an IVA line", () => {
    const items = [
      { name: "Anillo", variantName: "Oro rosa / 7", unitPrice: 1_234_57, quantity: 3 },
      { name: "Collar", variantName: null, unitPrice: 99_99, quantity: 1 },
    ];
    for (const ivaIncluded of [true, false]) {
      const totals = computeTotals(
        items.map((i) => ({ unitPrice: i.unitPrice, quantity: i.quantity })),
        { ivaIncluded },
      );
      const paid = paymentLines({ items, giftWrapPrice: null, totals }, ivaIncluded);
      expect(paid.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)).toBe(totals.total);
      expect(paid.map((l) => l.name)).toEqual(
        ivaIncluded ? ["Anillo", "Collar", "Envío"] : ["Anillo", "Collar", "Envío", "IVA (16%)"],
      );
      expect(paid[0]).toMatchObject({ description: "Oro rosa / 7" });
      expect(paid[1]).not.toHaveProperty("description");
    }
  });

  it("charges gift packaging as one more line of the subtotal, with its IVA, also when it is free", () => {
    const items = [{ name: "Anillo", variantName: null, unitPrice: 1_234_57, quantity: 2 }];
    for (const giftWrapPrice of [89_99, 0]) {
      for (const ivaIncluded of [true, false]) {
        const totals = computeTotals(chargedLines(items, giftWrapPrice), { ivaIncluded });
        expect(totals.subtotal).toBe(1_234_57 * 2 + giftWrapPrice);
        const paid = paymentLines({ items, giftWrapPrice, totals }, ivaIncluded);
        expect(paid.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)).toBe(totals.total);
        expect(paid[1]).toEqual({
          name: "Envoltura de regalo",
          unitAmount: shownPrice(giftWrapPrice, ivaIncluded),
          quantity: 1,
        });
      }
    }
    expect(chargedLines(items, null)).toEqual(items);
  });

  it("turns a price typed in shown prices into the stored bound that selects exactly those pieces", () => {
    for (const shown of [0, 1, 100_00, 5_000_00, 10_000_00, 16_820_00, 16_820_01]) {
      const stored = storedPriceFor(shown, true);
      expect(shownPrice(stored, true)).toBeGreaterThanOrEqual(shown);
      if (stored > 0) expect(shownPrice(stored - 1, true)).toBeLessThan(shown);
    }
    expect(storedPriceFor(16_820_00, true)).toBe(14_500_00);
    expect(storedPriceFor(5_000_00, false)).toBe(5_000_00);
  });
});
