import { OBJETO_IMP_SI } from "./catalogs";
import { centavosToDecimal, type CfdiAmounts, type Concept, splitIvaIncluded } from "./concepts";

/**
 * The factura global (CFDI 4.0 to PUBLICO EN GENERAL, docs/decisions/035): its period in Mexico City time
 * (UTC−6 all year) as the SAT's InformacionGlobal writes it, and its concepts — one per sale (the SAT's
 * rule for a global invoice: ClaveProdServ 01010101, unit ACT, quantity 1, the ticket's number as
 * NoIdentificacion), each the order's total split into base and IVA 16 %.
 */

export const GLOBAL_RECEPTOR = {
  rfc: "XAXX010101000",
  name: "PUBLICO EN GENERAL",
  regimen: "616",
  uso: "S01",
} as const;

/** How often the shop issues its global invoice (INVOICE_GLOBAL_PERIOD) and c_Periodicidad's key for it. */
export const GLOBAL_PERIODICITIES = { diaria: "01", semanal: "02", mensual: "04" } as const;
export type GlobalPeriodicity = keyof typeof GLOBAL_PERIODICITIES;

export function isGlobalPeriodicity(value: unknown): value is GlobalPeriodicity {
  return typeof value === "string" && Object.hasOwn(GLOBAL_PERIODICITIES, value);
}

export type GlobalPeriod = {
  /** Unique per period: "diaria:2026-11-27", "semanal:2026-11-23", "mensual:2026-11". */
  key: string;
  periodicity: GlobalPeriodicity;
  /** InformacionGlobal: Periodicidad, Meses (c_Meses 01–12), Año. */
  periodicidad: string;
  meses: string;
  year: number;
  /** The period's first instant and the instant after its last, UTC. */
  start: Date;
  end: Date;
  /** "27/11/2026", "23/11/2026 al 29/11/2026", "noviembre de 2026". */
  label: string;
};

const OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;
const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** A Mexico City calendar day (y, m 1–12, d) as the UTC instant of its midnight. */
function midnight(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m - 1, d) + OFFSET_MS);
}

const dmy = (date: Date) => {
  const local = new Date(date.getTime() - OFFSET_MS);
  return `${String(local.getUTCDate()).padStart(2, "0")}/${String(local.getUTCMonth() + 1).padStart(2, "0")}/${local.getUTCFullYear()}`;
};

/**
 * The period of that periodicity containing `day` (Mexico City time). A week runs Monday to Sunday and is
 * cut at the month's end, so every period lies in one month (InformacionGlobal names one month).
 */
export function globalPeriodOf(periodicity: GlobalPeriodicity, day: Date): GlobalPeriod {
  const local = new Date(day.getTime() - OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + 1;
  const d = local.getUTCDate();
  const meses = String(m).padStart(2, "0");
  const base = { periodicity, periodicidad: GLOBAL_PERIODICITIES[periodicity], meses, year: y };
  const monthStart = midnight(y, m, 1);
  const monthEnd = midnight(y, m + 1, 1);
  if (periodicity === "mensual") {
    return {
      ...base,
      key: `mensual:${y}-${meses}`,
      start: monthStart,
      end: monthEnd,
      label: `${MONTHS[m - 1]} de ${y}`,
    };
  }
  if (periodicity === "diaria") {
    const start = midnight(y, m, d);
    const end = new Date(start.getTime() + DAY_MS);
    return { ...base, key: `diaria:${y}-${meses}-${String(d).padStart(2, "0")}`, start, end, label: dmy(start) };
  }
  const weekday = (local.getUTCDay() + 6) % 7; // Monday 0
  const weekStart = midnight(y, m, d - weekday);
  const start = weekStart < monthStart ? monthStart : weekStart;
  const weekEnd = new Date(weekStart.getTime() + 7 * DAY_MS);
  const end = weekEnd > monthEnd ? monthEnd : weekEnd;
  const startDay = new Date(start.getTime() - OFFSET_MS).getUTCDate();
  return {
    ...base,
    key: `semanal:${y}-${meses}-${String(startDay).padStart(2, "0")}`,
    start,
    end,
    label: `${dmy(start)} al ${dmy(new Date(end.getTime() - 1))}`,
  };
}

/** One concept per sale: the order's total with its IVA inside (base = total ÷ 1.16, IVA the rest). */
export function globalConcepts(sales: readonly { number: string; total: number }[]): CfdiAmounts {
  const concepts = sales.map((sale): Concept => {
    const { base, iva } = splitIvaIncluded(sale.total);
    return {
      kind: "sale",
      description: "Venta",
      sku: sale.number,
      quantity: 1,
      productKey: "01010101",
      unitKey: "ACT",
      unitName: "Actividad",
      unitValue: centavosToDecimal(base),
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
