import type { SubmissionResult } from "@conform-to/react";
import { SHIPPING_FEE, VAT_RATE } from "~/lib/constants";
import type { Shipping } from "~/lib/validation/checkout";

/**
 * Checkout rules shared by the server and the pages: order totals, order numbers and the order
 * statuses with their labels, colours, icons and allowed transitions. Money in centavos.
 */

export type OrderTotals = { subtotal: number; shipping: number; tax: number; total: number };

/**
 * What the /checkout action answers, to the page and to the checkout modal: which step to show,
 * conform's result for step 1, the validated values for step 2, and a payment error if any.
 */
export type CheckoutAnswer = {
  step: 1 | 2;
  lastResult: SubmissionResult<string[]> | null;
  shipping: Shipping | null;
  paymentError: string | null;
};

/**
 * IVA is 16 % of the subtotal (products only, not shipping), rounded half up to the centavo;
 * shipping is a fixed fee. Integer arithmetic keeps the rounding exact (0.16 × n in floating point
 * is not always representable: 16 × n / 100 is).
 */
export function computeTotals(lines: ReadonlyArray<{ unitPrice: number; quantity: number }>): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const shipping = SHIPPING_FEE;
  const tax = vatOf(subtotal);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** IVA of an amount in centavos, rounded half up (… .5 centavos go up). */
export function vatOf(subtotal: number): number {
  return Math.floor((subtotal * VAT_PERCENT + 50) / 100);
}

export const ORDER_NUMBER_PREFIX = "LJ";
const ORDER_NUMBER_DIGITS = 6;
const ORDER_NUMBER_SPACE = 10 ** ORDER_NUMBER_DIGITS;
export const ORDER_NUMBER_PATTERN = /^LJ\d{6}$/;

/** The public order number: LJ plus the last six digits of the time in milliseconds. */
export function orderNumberFor(timeMs: number): string {
  return formatOrderNumber(Math.floor(timeMs) % ORDER_NUMBER_SPACE);
}

/** The number `offset` places after `number` (wrapping after LJ999999): the next free one on a collision. */
export function nextOrderNumber(number: string, offset = 1): string {
  const digits = Number(number.slice(ORDER_NUMBER_PREFIX.length));
  return formatOrderNumber((digits + offset) % ORDER_NUMBER_SPACE);
}

function formatOrderNumber(digits: number): string {
  return `${ORDER_NUMBER_PREFIX}${String(digits).padStart(ORDER_NUMBER_DIGITS, "0")}`;
}

/** The Spanish message when a cart line no longer fits the stock left. */
export function stockShortMessage(productName: string, available: number): string {
  if (available <= 0) return `${productName} está agotado`;
  return available === 1 ? `Solo queda 1 pieza de ${productName}` : `Solo quedan ${available} piezas de ${productName}`;
}

export const CHECKOUT_MESSAGES = {
  emptyCart: "No hay productos en el carrito",
  noSession: "No hay sesión activa",
  unauthenticated: "Usuario no autenticado",
  missingUrl: "No se recibió la URL de redirección de Stripe",
  paymentErrorPrefix: "Error al procesar el pago: ",
  ordersLoadError: "Error al cargar las órdenes",
  retry: "Reintentar",
  orderConfirmed: "Pedido Confirmado",
} as const;

/** How a payment error is shown on the page. */
export function paymentErrorMessage(message: string): string {
  return `${CHECKOUT_MESSAGES.paymentErrorPrefix}${message}`;
}
