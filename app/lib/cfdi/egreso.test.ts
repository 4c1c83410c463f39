import { describe, expect, it } from "vitest";
import { ivaBounds } from "./concepts";
import { buildEgreso, buildEgresoConcepts, type RefundedLine } from "./egreso";

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

describe("the egreso of a partial refund", () => {
  it("adds up to what was given back, every concept's IVA within the SAT's limits, for random refunds", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed);
      const lines: RefundedLine[] = Array.from({ length: 1 + next(4) }, (_, i) => ({
        kind: "piece",
        description: `Pieza ${i}`,
        quantity: 1 + next(5),
        amount: 1 + next(5_000_000),
      }));
      if (next(2)) lines.push({ kind: "shipping", description: "Envío", quantity: 1, amount: 1_500 });
      if (next(3) === 0)
        lines.push({ kind: "giftWrap", description: "Envoltura", quantity: 1, amount: 1 + next(20_000) });
      const given = lines.reduce((sum, line) => sum + line.amount, 0);
      const amounts = buildEgresoConcepts(lines);
      expect(amounts.total, `seed ${seed}`).toBe(given);
      expect(amounts.subtotal + amounts.tax, `seed ${seed}`).toBe(given);
      for (const concept of amounts.concepts) {
        const { low, high } = ivaBounds(concept.base);
        expect(concept.iva >= low && concept.iva <= high, `seed ${seed}: ${concept.base}/${concept.iva}`).toBe(true);
      }
    }
  });

  it("is an E related (01) to the invoice, with the right keys per line", () => {
    const amounts = buildEgresoConcepts([
      { kind: "piece", description: "Dije", quantity: 1, amount: 38_666 },
      { kind: "shipping", description: "Envío", quantity: 1, amount: 1_500 },
      { kind: "other", description: "Bonificación", quantity: 1, amount: 100 },
      { kind: "giftWrap", description: "Envoltura", quantity: 1, amount: 0 }, // nothing given back: left out
    ]);
    expect(amounts.concepts.map((c) => [c.productKey, c.unitKey, c.description])).toEqual([
      ["54101500", "H87", "Devolución: Dije"],
      ["78102203", "E48", "Devolución: Envío"],
      ["84111506", "ACT", "Devolución: Bonificación"],
    ]);
    const uuid = "5FB2822E-396D-4725-8521-CDC4BDD20CCF";
    const cfdi = buildEgreso({
      issuer: { rfc: "COSC8001137NA", name: "CARLOS COSIO SOTO", regimen: "612", zip: "06700" },
      receptor: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501", uso: "G02" },
      amounts,
      series: "AE",
      folio: 7,
      date: new Date("2026-11-28T18:00:00Z"),
      formaPago: "28",
      metodoPago: "PUE",
      relatedUuid: uuid,
    });
    expect(cfdi).toMatchObject({
      TipoDeComprobante: "E",
      FormaPago: "28",
      Total: "402.66",
      CfdiRelacionados: [{ TipoRelacion: "01", CfdiRelacionado: [{ UUID: uuid }] }],
    });
    expect(cfdi).not.toHaveProperty("InformacionGlobal");
  });
});
