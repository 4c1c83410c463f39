/**
 * Order statuses: what shoppers and staff read (label, badge colour, an icon that reads without
 * colour, a description), every change the shop may make, and the ones staff may make by hand.
 */
export const ORDER_STATUSES = [
  "pendiente",
  "procesando",
  "enviado",
  "entregado",
  "cancelado",
  "reembolsado",
  "devuelto",
] as const;

export type OrderStatusName = (typeof ORDER_STATUSES)[number];

export type OrderStatusInfo = {
  label: string;
  /** Tailwind classes of the badge (text, background, border). */
  badgeClass: string;
  /** A glyph that reads without colour, next to the label. */
  icon: string;
  description: string;
};

export const ORDER_STATUS_INFO: Record<OrderStatusName, OrderStatusInfo> = {
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
export const ORDER_TRANSITIONS: Record<OrderStatusName, readonly OrderStatusName[]> = {
  pendiente: ["procesando", "cancelado"],
  procesando: ["enviado", "entregado", "cancelado", "reembolsado", "devuelto"],
  enviado: ["entregado", "reembolsado", "devuelto"],
  entregado: ["reembolsado", "devuelto"],
  cancelado: ["procesando"],
  reembolsado: [],
  devuelto: ["reembolsado"],
};

export function canTransition(from: OrderStatusName, to: OrderStatusName): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isOrderStatus(value: unknown): value is OrderStatusName {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The changes staff may make by hand in the admin's Pedidos tab: a subset of ORDER_TRANSITIONS.
 * `devuelto` is never chosen by hand (only processing a return sets it, because that also puts the
 * items back in stock and records the return), and final states allow no further change, so a
 * cancelled order cannot be shipped by mistake.
 */
export const STAFF_STATUS_CHANGES: Record<OrderStatusName, readonly OrderStatusName[]> = {
  pendiente: ["procesando", "cancelado"],
  procesando: ["enviado", "cancelado", "reembolsado"],
  enviado: ["entregado"],
  entregado: ["reembolsado"],
  cancelado: [],
  reembolsado: [],
  devuelto: ["reembolsado"],
};

export function canStaffChange(from: OrderStatusName, to: OrderStatusName): boolean {
  return STAFF_STATUS_CHANGES[from].includes(to);
}

/** A return is offered for every status except devuelto and cancelado. */
export const NOT_RETURNABLE: readonly OrderStatusName[] = ["devuelto", "cancelado"];

export function isReturnable(status: OrderStatusName): boolean {
  return !NOT_RETURNABLE.includes(status);
}
