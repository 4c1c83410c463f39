import { SHIPPING_FEE, VAT_RATE } from "~/lib/constants";

/**
 * Checkout rules shared by the server and the pages: order totals, order numbers and the order
 * statuses with their labels, colours, icons and allowed transitions. Money in centavos.
 */

export type OrderTotals = { subtotal: number; shipping: number; tax: number; total: number };

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

export const ORDER_STATUSES = [
  "pendiente",
  "procesando",
  "enviado",
  "entregado",
  "cancelado",
  "reembolsado",
  "devuelto",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderStatusInfo = {
  label: string;
  /** Tailwind classes of the badge (text, background, border). */
  badgeClass: string;
  /** A glyph that reads without colour, next to the label. */
  icon: string;
  description: string;
};

export const ORDER_STATUS_INFO: Record<OrderStatus, OrderStatusInfo> = {
  pendiente: {
    label: "Pendiente",
    badgeClass: "text-amber-800 bg-amber-50 border-amber-200",
    icon: "⏳",
    description: "Esperando la confirmación del pago",
  },
  procesando: {
    label: "Procesando",
    badgeClass: "text-sky-800 bg-sky-50 border-sky-200",
    icon: "⚙",
    description: "Pago recibido: estamos preparando tu pedido",
  },
  enviado: {
    label: "Enviado",
    badgeClass: "text-indigo-800 bg-indigo-50 border-indigo-200",
    icon: "🚚",
    description: "Tu pedido va en camino",
  },
  entregado: {
    label: "Entregado",
    badgeClass: "text-emerald-800 bg-emerald-50 border-emerald-200",
    icon: "✓",
    description: "Tu pedido fue entregado",
  },
  cancelado: {
    label: "Cancelado",
    badgeClass: "text-red-800 bg-red-50 border-red-200",
    icon: "✕",
    description: "El pedido fue cancelado",
  },
  reembolsado: {
    label: "Reembolsado",
    badgeClass: "text-purple-800 bg-purple-50 border-purple-200",
    icon: "↺",
    description: "Te devolvimos el importe del pedido",
  },
  devuelto: {
    label: "Devuelto",
    badgeClass: "text-stone-800 bg-stone-100 border-stone-300",
    icon: "↩",
    description: "Recibimos la devolución del pedido",
  },
};

/**
 * Which status may follow which. A pending order is paid (procesando) or cancelled (its reservation
 * released). A cancelled order may become procesando only when a payment arrives after its
 * reservation was released and the stock could be reserved again. Returns and refunds happen after
 * payment; delivered, refunded and returned orders only move towards a return or refund.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pendiente: ["procesando", "cancelado"],
  procesando: ["enviado", "entregado", "cancelado", "reembolsado", "devuelto"],
  enviado: ["entregado", "reembolsado", "devuelto"],
  entregado: ["reembolsado", "devuelto"],
  cancelado: ["procesando"],
  reembolsado: [],
  devuelto: ["reembolsado"],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
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
