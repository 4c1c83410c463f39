import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildComprobante } from "./cfdi/comprobante";
import { buildConcepts } from "./cfdi/concepts";
import { computeTotals, vatOf } from "./checkout";
import { ivaBreakdown, ivaCharged } from "./iva-charged";
import { orderShowsIvaIncluded, orderTotalsRows } from "./order-breakdown";

type Line = { price: number; quantity: number };

/** An order as checkout stores it: its lines before IVA, the gift packaging, totals from `computeTotals`. */
function placed(items: Line[], giftWrapPrice: number | null, ivaIncluded: boolean) {
  const lines = items.map((i) => ({ unitPrice: i.price, quantity: i.quantity }));
  if (giftWrapPrice !== null) lines.push({ unitPrice: giftWrapPrice, quantity: 1 });
  return { ...computeTotals(lines, { ivaIncluded }), giftWrapPrice, items };
}

/** The CFDI's TotalImpuestosTrasladados for the order, as the invoice builds it, in centavos. */
function cfdiTraslados(order: ReturnType<typeof placed>): number {
  const amounts = buildConcepts({
    lines: order.items.map((i) => ({ description: "Pieza", unitPrice: i.price, quantity: i.quantity })),
    giftWrapPrice: order.giftWrapPrice,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
  });
  const comprobante = buildComprobante({
    issuer: { rfc: "COSC8001137NA", name: "CARLOS COSIO SOTO", regimen: "612", zip: "06700" },
    receptor: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501", uso: "G03" },
    amounts,
    series: "JA",
    folio: 1,
    date: new Date("2026-11-27T12:00:00Z"),
    formaPago: "04",
    metodoPago: "PUE",
  });
  return Math.round(Number(comprobante.Impuestos.TotalImpuestosTrasladados) * 100);
}

/** The IVA the shopper is told: the "Incluye IVA (16%)" note, or the IVA (16%) row before IVA. */
function shownIva(order: ReturnType<typeof placed>, setting: boolean): number {
  const rows = orderTotalsRows(order, orderShowsIvaIncluded(order, setting));
  return rows.find((row) => row.label.includes("IVA (16%)"))!.amount;
}

describe("the IVA of everything charged", () => {
  it("includes the IVA inside the $15 shipping: $2,322.07 on the $14,500 ring, as its CFDI declares", () => {
    const ring = placed([{ price: 14_500_00, quantity: 1 }], null, true);
    expect(ring.tax).toBe(2_320_00); // the pieces' IVA, as stored
    expect(ivaBreakdown(ring)).toEqual({
      goods: { base: 14_500_00, iva: 2_320_00 },
      shipping: { base: 12_93, iva: 2_07 },
      iva: 2_322_07,
    });
    expect(cfdiTraslados(ring)).toBe(2_322_07);
    expect(shownIva(ring, true)).toBe(2_322_07);
    expect(shownIva(ring, false)).toBe(2_322_07);
  });

  it("shows before IVA the shipping's base, so Subtotal + Envío + IVA is the total", () => {
    const b2b = placed([{ price: 33_33, quantity: 7 }], 50_00, false);
    const rows = orderTotalsRows(b2b, false);
    expect(rows.map((r) => [r.label, r.amount])).toEqual([
      ["Subtotal", 283_31],
      ["Envío (antes de IVA)", 12_93],
      ["IVA (16%)", vatOf(283_31) + 2_07],
      ["Total", b2b.total],
    ]);
    expect(rows[0]!.amount + rows[1]!.amount + rows[2]!.amount).toBe(rows[3]!.amount);
  });

  it("takes each line's discount as stored: the IVA of what is charged after it, as the CFDI's", () => {
    const items = [
      { price: 1_000_00, quantity: 2, discount: 200_00 },
      { price: 333_33, quantity: 1, discount: 0 },
    ];
    const charged = 1_800_00 + 333_33;
    const order = { subtotal: 2_333_33, shipping: 15_00, tax: vatOf(charged), giftWrapPrice: null, items };
    const total = charged + order.tax + order.shipping;
    const breakdown = ivaBreakdown({ ...order, total });
    expect(breakdown.goods).toEqual({ base: charged, iva: vatOf(charged) });
    expect(breakdown.iva).toBe(vatOf(charged) + 2_07);
    const cfdi = buildConcepts({
      lines: items.map((i) => ({
        description: "Pieza",
        unitPrice: i.price,
        quantity: i.quantity,
        discount: i.discount,
      })),
      giftWrapPrice: null,
      subtotal: order.subtotal,
      shipping: order.shipping,
      tax: order.tax,
      total,
    });
    expect(breakdown.iva).toBe(cfdi.tax);
  });

  it("falls back to the stored IVA plus the shipping's for figures that do not add up, rather than failing a page", () => {
    const broken = { subtotal: 100_00, shipping: 15_00, tax: 0, total: 115_00, giftWrapPrice: null, items: [] };
    expect(ivaCharged(broken)).toBe(2_07);
  });

  it("PROPERTY: over random orders the IVA shown equals the CFDI's total traslados, and the rows add up", () => {
    const line = fc.record({
      price: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000_000 })),
      quantity: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: 50_000 })),
        fc.boolean(),
        fc.boolean(),
        (items, giftWrapPrice, placedWithIva, shownWithIva) => {
          const order = placed(items, giftWrapPrice, placedWithIva);
          const traslados = cfdiTraslados(order);
          expect(ivaCharged(order)).toBe(traslados);
          expect(shownIva(order, shownWithIva)).toBe(traslados);
          const rows = orderTotalsRows(order, orderShowsIvaIncluded(order, shownWithIva));
          const added = rows.filter((r) => r.kind === "line").reduce((sum, r) => sum + r.amount, 0);
          expect(added).toBe(order.total);
          expect(rows.find((r) => r.kind === "total")!.amount).toBe(order.total);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
