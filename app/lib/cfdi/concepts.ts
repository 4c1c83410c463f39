import { vatOf } from "~/lib/checkout";
import { IVA, OBJETO_IMP_SI, PRODUCT_KEYS, UNIT_KEYS } from "./catalogs";

/**
 * The concepts and taxes of an order's CFDI 4.0: one concept per order line, the gift packaging and the
 * shipping as concepts of their own, all ObjetoImp 02 with IVA 16 % trasladado per concept
 * (docs/decisions/035). Money in centavos; what the invoice adds up to is what was charged:
 *
 * - every concept's IVA lies within the SAT's limits for its base (Anexo 20: from (Base − 0.005) × 0.16
 *   truncated to (Base + 0.005) × 0.16 rounded up), so the PAC accepts it;
 * - an order that counted its IVA per piece (prices shown with IVA, docs/decisions/033) keeps each
 *   line's IVA as charged (quantity × the piece's IVA); when that drifts outside the SAT's limits (a line
 *   of several pieces whose IVA each rounded the same way), the line's paid amount is split again into
 *   base and IVA, so the centavos move between base and IVA of that line and the total stays;
 * - an order that counted its IVA on the subtotal spreads that IVA over its lines within their limits
 *   (largest remainder), so subtotal and IVA both equal the order's;
 * - shipping was charged as a fixed fee with its IVA inside it: its base is fee ÷ 1.16 and its IVA the rest;
 * - a line may carry a discount (`Descuento`, before IVA; issue 37's coupons): the tax base is its amount
 *   less the discount.
 */

export type InvoiceSourceLine = {
  description: string;
  quantity: number;
  /** Before IVA, centavos. */
  unitPrice: number;
  /** The whole line's discount before IVA, centavos (0 when none). */
  discount?: number;
  /**
   * The line's IVA as charged when it is not the piece's IVA × quantity: a line a discount code reached
   * in an order that counted its IVA per line (docs/decisions/058).
   */
  iva?: number;
  productKey?: string;
  sku?: string | null;
};

export type InvoiceSourceOrder = {
  lines: readonly InvoiceSourceLine[];
  giftWrapPrice: number | null;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
};

export type ConceptKind = "piece" | "giftWrap" | "shipping" | "sale";

export type Concept = {
  kind: ConceptKind;
  description: string;
  sku: string | null;
  quantity: number;
  productKey: string;
  unitKey: string;
  unitName: string;
  /** ValorUnitario as written in the CFDI (pesos, up to six decimals). */
  unitValue: string;
  /** Importe: quantity × unit value, centavos. */
  amount: number;
  discount: number;
  objetoImp: typeof OBJETO_IMP_SI;
  /** IVA trasladado: its base (amount − discount) and amount, centavos. */
  base: number;
  iva: number;
};

export type CfdiAmounts = {
  concepts: Concept[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  /** Lines whose paid amount had to be split again into base and IVA (see above). */
  resplitLines: number;
};

/** The SAT's bounds for the IVA of a base with two decimals, in centavos. */
export function ivaBounds(base: number): { low: number; high: number } {
  return { low: Math.floor((16 * base - 8) / 100), high: Math.ceil((16 * base + 8) / 100) };
}

/** Base and IVA of an amount that has its 16 % IVA inside it: base = amount ÷ 1.16 rounded, IVA the rest. */
export function splitIvaIncluded(amount: number): { base: number; iva: number } {
  const base = Math.round((amount * 100) / 116);
  return { base, iva: amount - base };
}

/** ValorUnitario for an amount over a quantity: two decimals when exact, otherwise six. */
export function unitValueOf(amount: number, quantity: number): string {
  if (amount % quantity === 0) return centavosToDecimal(amount / quantity);
  const micro = Math.round((amount * 10_000) / quantity);
  const whole = Math.floor(micro / 1_000_000);
  return `${whole}.${String(micro % 1_000_000).padStart(6, "0")}`;
}

/** Centavos as the CFDI writes amounts: 162740 → "1627.40". */
export function centavosToDecimal(centavos: number): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Whether the order counted its IVA per piece (docs/decisions/033): the pieces' IVA add up to its tax. */
export function taxedPerPiece(order: InvoiceSourceOrder): boolean {
  const pieces = order.lines.reduce((sum, line) => sum + (line.iva ?? vatOf(line.unitPrice) * line.quantity), 0);
  const wrap = order.giftWrapPrice ? vatOf(order.giftWrapPrice) : 0;
  return order.lines.every((line) => !line.discount || line.iva !== undefined) && pieces + wrap === order.tax;
}

type Draft = Omit<Concept, "unitValue" | "amount" | "iva" | "base"> & { amount: number; base: number; iva: number };

/** A discounted line's IVA as charged (InvoiceSourceLine.iva), by its draft. */
const chargedIva = new WeakMap<Draft, number>();

function goodsConcepts(order: InvoiceSourceOrder): Draft[] {
  const drafts: Draft[] = order.lines.map((line) => {
    const amount = line.unitPrice * line.quantity;
    const discount = line.discount ?? 0;
    const draft: Draft = {
      kind: "piece",
      description: line.description,
      sku: line.sku ?? null,
      quantity: line.quantity,
      productKey: line.productKey ?? PRODUCT_KEYS.fineJewellery.code,
      unitKey: UNIT_KEYS.piece.code,
      unitName: UNIT_KEYS.piece.name,
      amount,
      discount,
      objetoImp: OBJETO_IMP_SI,
      base: amount - discount,
      iva: 0,
    };
    if (line.iva !== undefined) chargedIva.set(draft, line.iva);
    return draft;
  });
  if (order.giftWrapPrice) {
    drafts.push({
      kind: "giftWrap",
      description: "Envoltura de regalo",
      sku: null,
      quantity: 1,
      productKey: PRODUCT_KEYS.giftWrap.code,
      unitKey: UNIT_KEYS.piece.code,
      unitName: UNIT_KEYS.piece.name,
      amount: order.giftWrapPrice,
      discount: 0,
      objetoImp: OBJETO_IMP_SI,
      base: order.giftWrapPrice,
      iva: 0,
    });
  }
  return drafts.filter((draft) => draft.base > 0);
}

/** Spreads `target` centavos of IVA over the drafts, each within its bounds, nearest to 16 % first. */
function spreadTax(drafts: Draft[], target: number): void {
  for (const draft of drafts) draft.iva = vatOf(draft.base);
  let missing = target - drafts.reduce((sum, d) => sum + d.iva, 0);
  while (missing !== 0) {
    const up = missing > 0;
    const candidates = drafts
      .filter((d) => (up ? d.iva < ivaBounds(d.base).high : d.iva > ivaBounds(d.base).low))
      .sort((a, b) => (up ? 1 : -1) * (b.base * 16 - b.iva * 100 - (a.base * 16 - a.iva * 100)));
    const next = candidates[0];
    if (!next) return;
    next.iva += up ? 1 : -1;
    missing += up ? -1 : 1;
  }
}

/** The CFDI's concepts and totals for an order; its total is always the order's total. */
export function buildConcepts(order: InvoiceSourceOrder): CfdiAmounts {
  const drafts = goodsConcepts(order);
  let resplitLines = 0;
  if (taxedPerPiece(order)) {
    for (const draft of drafts) {
      const unit = draft.amount / draft.quantity;
      draft.iva = chargedIva.get(draft) ?? vatOf(unit) * draft.quantity;
      const { low, high } = ivaBounds(draft.base);
      if (draft.iva < low || draft.iva > high) {
        const split = splitIvaIncluded(draft.base + draft.iva);
        draft.amount = split.base + draft.discount;
        draft.base = split.base;
        draft.iva = split.iva;
        resplitLines += 1;
      }
    }
  } else {
    spreadTax(drafts, order.tax);
  }
  if (order.shipping > 0) {
    const split = splitIvaIncluded(order.shipping);
    drafts.push({
      kind: "shipping",
      description: "Envío",
      sku: null,
      quantity: 1,
      productKey: PRODUCT_KEYS.shipping.code,
      unitKey: UNIT_KEYS.service.code,
      unitName: UNIT_KEYS.service.name,
      amount: split.base,
      discount: 0,
      objetoImp: OBJETO_IMP_SI,
      base: split.base,
      iva: split.iva,
    });
  }
  const concepts: Concept[] = drafts.map((d) => ({ ...d, unitValue: unitValueOf(d.amount, d.quantity) }));
  const subtotal = concepts.reduce((sum, c) => sum + c.amount, 0);
  const discount = concepts.reduce((sum, c) => sum + c.discount, 0);
  const tax = concepts.reduce((sum, c) => sum + c.iva, 0);
  const total = subtotal - discount + tax;
  if (total !== order.total) {
    throw new Error(`CFDI total ${total} differs from the order's ${order.total}: invoice not built`);
  }
  return { concepts, subtotal, discount, tax, total, resplitLines };
}

export { IVA };
