import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals } from "~/lib/checkout";
import { buildComprobante } from "~/lib/cfdi/comprobante";
import { buildConcepts } from "~/lib/cfdi/concepts";
import { CfdiError, validateComprobante } from "@joyeria/pac-simulator/validate.mjs";

const issuer = { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501" };
const receptor = { rfc: "COSC8001137NA", name: "CARLOS COSIO SOTO", regimen: "612", zip: "06700", uso: "G03" };

function comprobanteFor(
  lines: Array<{ unitPrice: number; quantity: number }>,
  giftWrapPrice: number | null,
  ivaIncluded: boolean,
) {
  const charged = giftWrapPrice === null ? lines : [...lines, { unitPrice: giftWrapPrice, quantity: 1 }];
  const totals = computeTotals(charged, { ivaIncluded });
  const amounts = buildConcepts({
    lines: lines.map((line, i) => ({ description: `Pieza ${i}`, ...line })),
    giftWrapPrice,
    ...totals,
  });
  return buildComprobante({
    issuer,
    receptor,
    amounts,
    series: "A",
    folio: 1,
    date: new Date("2026-11-27T12:00:00Z"),
    formaPago: "04",
    metodoPago: "PUE",
  });
}

describe("the shop's CFDI against the PAC simulator's SAT checks", () => {
  it("PROPERTY: every order's Comprobante passes the PAC's amount, tax and total validations", () => {
    const line = fc.record({
      unitPrice: fc.integer({ min: 1, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 12 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 50_000 })),
        fc.boolean(),
        (lines, wrap, ivaIncluded) => {
          validateComprobante(comprobanteFor(lines, wrap, ivaIncluded));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("refuses a tampered total and an uso the régimen does not allow, with the SAT's codes", () => {
    const good = comprobanteFor([{ unitPrice: 140_293, quantity: 1 }], null, true);
    expect(() => validateComprobante({ ...good, Total: "1.00" })).toThrow(/CFDI40119/);
    expect(() =>
      validateComprobante({ ...good, Receptor: { ...good.Receptor, RegimenFiscalReceptor: "605" } }),
    ).toThrow(/CFDI40161/);
    expect(() => validateComprobante({ ...good, Receptor: { ...good.Receptor, Nombre: "CARLOS COSIO" } })).toThrow(
      CfdiError,
    );
  });

  it("a substitute relates the invoice it replaces with TipoRelacion 04, which the PAC checks like any relation", () => {
    const plain = comprobanteFor([{ unitPrice: 140_293, quantity: 1 }], null, true);
    expect(plain).not.toHaveProperty("CfdiRelacionados");
    const old = "5FB2822E-396A-4E4B-8F5C-2B4E1C9E7A31";
    const substitute = buildComprobante({
      issuer,
      receptor,
      amounts: buildConcepts({
        lines: [{ description: "Pieza", unitPrice: 140_293, quantity: 1 }],
        giftWrapPrice: null,
        ...computeTotals([{ unitPrice: 140_293, quantity: 1 }], { ivaIncluded: true }),
      }),
      series: "A",
      folio: 2,
      date: new Date("2026-11-27T12:00:00Z"),
      formaPago: "04",
      metodoPago: "PUE",
      substitutes: old,
    });
    expect(substitute.CfdiRelacionados).toEqual([{ TipoRelacion: "04", CfdiRelacionado: [{ UUID: old }] }]);
    validateComprobante(substitute);
    const malformed = { ...substitute, CfdiRelacionados: [{ TipoRelacion: "04", CfdiRelacionado: [{ UUID: "x" }] }] };
    expect(() => validateComprobante(malformed)).toThrow(/CFDI40197/);
  });

  it("refuses a concept whose IVA is outside the SAT's limits (7 pieces × IVA rounded per piece)", () => {
    const good = comprobanteFor([{ unitPrice: 3333, quantity: 7 }], null, true);
    const concept = good.Conceptos[0]!;
    const traslado = { ...concept.Impuestos.Traslados[0], Base: "233.31", Importe: "37.31" };
    const bad = {
      ...good,
      Conceptos: [
        { ...concept, ValorUnitario: "33.33", Importe: "233.31", Impuestos: { Traslados: [traslado] } },
        ...good.Conceptos.slice(1),
      ],
    };
    expect(() => validateComprobante(bad)).toThrow(/CFDI40190/);
  });
});
