import { formatDateTime } from "./dates";
import { formatMoney } from "./money";

/**
 * The ways a shopper in Mexico can pay (issue 23, docs/decisions/021): a card, cash at an OXXO store
 * with a voucher, or a SPEI bank transfer. OXXO and SPEI are asynchronous: the order waits, pendiente,
 * until the money arrives ("Pendiente de pago").
 */
export const PAYMENT_METHODS = ["card", "oxxo", "spei"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods whose money arrives after the shopper leaves the provider's page. */
export type AsyncPaymentMethod = Exclude<PaymentMethod, "card">;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Tarjeta de crédito o débito",
  oxxo: "Efectivo en tiendas OXXO",
  spei: "Transferencia bancaria (SPEI)",
};

/** Stripe's limits for one OXXO voucher, in centavos: $10 to $10,000 MXN. */
export const OXXO_MIN_TOTAL = 1_000;
export const OXXO_MAX_TOTAL = 1_000_000;

/** What a pending order that waits for a voucher or a transfer reads, for shoppers and staff. */
export const AWAITING_PAYMENT_LABEL = "Pendiente de pago";

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function isAsyncPaymentMethod(value: unknown): value is AsyncPaymentMethod {
  return value === "oxxo" || value === "spei";
}

/**
 * The enabled methods an order of `total` centavos may be paid with, in the configured order: OXXO only
 * from $10 to $10,000 MXN (one voucher's limits).
 */
export function paymentMethodsFor(total: number, enabled: readonly PaymentMethod[]): PaymentMethod[] {
  return enabled.filter((method) => method !== "oxxo" || (total >= OXXO_MIN_TOTAL && total <= OXXO_MAX_TOTAL));
}

/**
 * Parses the PAYMENT_METHODS setting ("card,oxxo,spei"): known names, no repeats, at least one.
 * Returns the list or a message naming the problem.
 */
export function parsePaymentMethods(value: string): PaymentMethod[] | string {
  const names = value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return "PAYMENT_METHODS must name at least one of card, oxxo, spei";
  const unknown = names.find((name) => !isPaymentMethod(name));
  if (unknown !== undefined) return `PAYMENT_METHODS: unknown method "${unknown}" (use card, oxxo, spei)`;
  return [...new Set(names)].filter(isPaymentMethod);
}

/** An order waiting for an OXXO voucher or a SPEI transfer to be paid: what the shopper must do. */
export type AwaitingPayment = {
  method: AsyncPaymentMethod;
  /** The OXXO barcode number, or the reference to write in the transfer. */
  reference: string;
  /** Centavos to pay. */
  amount: number;
  /** Until when (OXXO: the voucher's end, 23:59 Mexico City; SPEI: the end of the hold). */
  expiresAt: Date | string;
  /** The provider's printable voucher or its transfer instructions. */
  voucherUrl: string | null;
  clabe: string | null;
  bank: string | null;
};

type OrderPaymentFields = {
  status: string;
  paymentMethod: string | null;
  voucherIssuedAt: Date | string | null;
  voucherReference: string | null;
  voucherUrl: string | null;
  voucherAmount: number | null;
  voucherExpiresAt: Date | string | null;
  transferClabe: string | null;
  transferBank: string | null;
};

/**
 * The instructions of a pending order whose voucher or transfer was issued (null for any other order:
 * a card payment, a paid or cancelled order).
 */
export function awaitingPaymentOf(order: OrderPaymentFields): AwaitingPayment | null {
  const method = order.paymentMethod;
  if (order.status !== "pendiente" || !isAsyncPaymentMethod(method)) return null;
  if (order.voucherIssuedAt === null || order.voucherReference === null || order.voucherExpiresAt === null) return null;
  return {
    method,
    reference: order.voucherReference,
    amount: order.voucherAmount ?? 0,
    expiresAt: order.voucherExpiresAt,
    voucherUrl: order.voucherUrl,
    clabe: order.transferClabe,
    bank: order.transferBank,
  };
}

/** The one-line "what to do next" for a voucher or a transfer (pages and e-mails add the details). */
export function awaitingPaymentSummary(payment: Pick<AwaitingPayment, "method">): string {
  return payment.method === "oxxo"
    ? "Paga en efectivo en cualquier tienda OXXO con tu ficha de pago antes de la fecha límite."
    : "Haz una transferencia SPEI desde la app o el portal de tu banco a la CLABE indicada, con la referencia, antes de la fecha límite.";
}

/** A CLABE in groups of the bank, the branch, the account and the check digit (3-3-11-1). */
export function formatClabe(clabe: string): string {
  return /^\d{18}$/.test(clabe)
    ? `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)} ${clabe.slice(17)}`
    : clabe;
}

/** An OXXO reference in groups of four digits, as printed under the barcode. */
export function formatOxxoReference(reference: string): string {
  return /^\d+$/.test(reference) ? reference.replace(/(\d{4})(?=\d)/g, "$1 ") : reference;
}

/** The lines of a voucher's or transfer's instructions: label and value. */
export function awaitingPaymentDetails(payment: AwaitingPayment): Array<[string, string]> {
  const deadline = `${formatDateTime(payment.expiresAt)} (hora del centro de México)`;
  return payment.method === "oxxo"
    ? [
        ["Monto a pagar", formatMoney(payment.amount)],
        ["Referencia OXXO", formatOxxoReference(payment.reference)],
        ["Fecha límite", deadline],
      ]
    : [
        ["Monto a transferir", formatMoney(payment.amount)],
        ["CLABE", formatClabe(payment.clabe ?? "")],
        ...(payment.bank ? ([["Banco", payment.bank]] as Array<[string, string]>) : []),
        ["Referencia", payment.reference],
        ["Fecha límite", deadline],
      ];
}

const SHORT_LABELS: Record<PaymentMethod, string> = { card: "Tarjeta", oxxo: "OXXO", spei: "SPEI" };

/**
 * How staff read an order's payment (the Pedidos list and the order page): the method and, for a
 * voucher or a transfer, its state and deadline. Null before the provider said how it was paid.
 */
export function paymentMethodNote(order: {
  status: string;
  paymentMethod: string | null;
  paidAt: Date | string | null;
  voucherIssuedAt: Date | string | null;
  voucherExpiresAt: Date | string | null;
}): string | null {
  if (!isPaymentMethod(order.paymentMethod)) return null;
  const label = SHORT_LABELS[order.paymentMethod];
  if (order.paymentMethod === "card" || order.voucherIssuedAt === null) return label;
  if (order.paidAt !== null) return `${label} · pagado`;
  if (order.status === "pendiente" && order.voucherExpiresAt !== null) {
    return `${label} · ${AWAITING_PAYMENT_LABEL.toLowerCase()}, vence ${formatDateTime(order.voucherExpiresAt)}`;
  }
  return `${label} · vencido sin pago`;
}

/** OXXO payments cannot be refunded through Stripe: staff return the money themselves. */
export const OXXO_MANUAL_REFUND =
  "Reembolso manual: los pagos en OXXO no se pueden reembolsar por el procesador. Devuelve el importe al cliente por transferencia y después marca el pedido como reembolsado.";
