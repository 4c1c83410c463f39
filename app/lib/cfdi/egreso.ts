import { OBJETO_IMP_SI, PRODUCT_KEYS, UNIT_KEYS } from "./catalogs";
import { buildComprobante, type ComprobanteInput } from "./comprobante";
import { type CfdiAmounts, type Concept, splitIvaIncluded, unitValueOf } from "./concepts";

/**
 * A CFDI de egreso (nota de crédito) for a partial refund of an invoiced sale (docs/decisions/050):
 * TipoDeComprobante E, related to the invoice it corrects (CfdiRelacionados, TipoRelacion 01 "Nota de
 * crédito de los documentos relacionados"), one concept per refunded line (the pieces with their keys,
 * the gift packaging, the shipping) for what was given back with its IVA inside: base = amount ÷ 1.16
 * rounded, IVA the rest, so the egreso's total is the refund's to the centavo and every concept's IVA
 * lies within the SAT's limits. FormaPago is the original invoice's.
 */

export type RefundedLine = {
  /** `other`: an amount given back that no line accounts for (84111506 / ACT, as SAT's guide has it). */
  kind: "piece" | "giftWrap" | "shipping" | "other";
  description: string;
  quantity: number;
  /** What was given back for this line, IVA included, centavos. */
  amount: number;
  productKey?: string;
};

/** The egreso's concepts and totals; the total is always the refund's. */
export function buildEgresoConcepts(lines: readonly RefundedLine[]): CfdiAmounts {
  const concepts: Concept[] = lines
    .filter((line) => line.amount > 0 && line.quantity > 0)
    .map((line) => {
      const { base, iva } = splitIvaIncluded(line.amount);
      const keys =
        line.kind === "other"
          ? { productKey: "84111506", unit: { code: "ACT", name: "Actividad" } }
          : line.kind === "shipping"
            ? { productKey: PRODUCT_KEYS.shipping.code, unit: UNIT_KEYS.service }
            : line.kind === "giftWrap"
              ? { productKey: PRODUCT_KEYS.giftWrap.code, unit: UNIT_KEYS.piece }
              : { productKey: line.productKey ?? PRODUCT_KEYS.fineJewellery.code, unit: UNIT_KEYS.piece };
      return {
        kind: line.kind === "other" ? "sale" : line.kind,
        description: `Devolución: ${line.description}`,
        sku: null,
        quantity: line.quantity,
        productKey: keys.productKey,
        unitKey: keys.unit.code,
        unitName: keys.unit.name,
        unitValue: unitValueOf(base, line.quantity),
        amount: base,
        discount: 0,
        objetoImp: OBJETO_IMP_SI,
        base,
        iva,
      };
    });
  const subtotal = concepts.reduce((sum, c) => sum + c.amount, 0);
  const tax = concepts.reduce((sum, c) => sum + c.iva, 0);
  return { concepts, subtotal, discount: 0, tax, total: subtotal + tax, resplitLines: 0 };
}

export type EgresoInput = ComprobanteInput & {
  /** The UUID of the invoice (or factura global) the refund corrects. */
  relatedUuid: string;
  /** An egreso to PUBLICO EN GENERAL carries the related global invoice's period. */
  informacionGlobal?: { Periodicidad: string; Meses: string; Año: string };
};

export function buildEgreso(input: EgresoInput) {
  const { TipoDeComprobante: _ingreso, ...comprobante } = buildComprobante(input);
  return {
    ...comprobante,
    TipoDeComprobante: "E",
    ...(input.informacionGlobal ? { InformacionGlobal: input.informacionGlobal } : {}),
    CfdiRelacionados: [{ TipoRelacion: "01", CfdiRelacionado: [{ UUID: input.relatedUuid }] }],
  };
}
