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

/** Who asks for a change of status. */
export type TransitionSource =
  /** The payment's outcome: the webhook, the success and cancel pages, the sweep, a failed PAGAR. */
  | "payment"
  /** A worker or admin in the panel's Pedidos tab. */
  | "staff"
  /** Processing a return in the panel's Devoluciones tab (records the return too). */
  | "return"
  /** The payment provider (or an admin's manual refund) confirmed that everything paid was given back. */
  | "refund";

/** What a change does with the order's pieces. */
export type StockEffect =
  /** Back on the shelf (once: the order remembers it in `stock_released_at`). */
  | "release"
  /** Taken off the shelf again (a late payment of a released order), only if every piece is there. */
  | "reserve"
  | "none";

export type TransitionRule = { stock: StockEffect; by: readonly TransitionSource[] };

/**
 * The order lifecycle: every change of status the shop makes, who may ask for it and what it does
 * with stock. `transitionOrder` (app/models/order-lifecycle.server.ts) is the only writer of an
 * order's status and applies exactly this table; the database refuses any other change (a trigger of
 * the migration `order_lifecycle`, checked against this table by a test).
 *
 * - An unpaid order is paid (procesando) or released (cancelado, pieces back on the shelf).
 * - A released order that is paid late becomes procesando only if its pieces can be taken again;
 *   otherwise it stays cancelado with its payment recorded, which staff refund (reembolsado).
 * - Only a paid order is shipped, delivered, returned or refunded (`PAID_STATUSES`).
 * - A return applies to a shipped or delivered order and only through the Devoluciones tab, which
 *   records the return and puts the pieces back.
 * - A refund before shipping puts the pieces back; after shipping they are with the shopper (a
 *   return, if they come back, is processed first). Only refunds reach reembolsado: when the
 *   provider confirms (or an admin records, for OXXO and SPEI) that everything paid was given back
 *   (app/models/refunds.server.ts); no button sets it.
 */
export const ORDER_TRANSITIONS: Record<OrderStatusName, Partial<Record<OrderStatusName, TransitionRule>>> = {
  pendiente: {
    procesando: { stock: "none", by: ["payment"] },
    cancelado: { stock: "release", by: ["payment", "staff"] },
  },
  procesando: {
    enviado: { stock: "none", by: ["staff"] },
    cancelado: { stock: "release", by: ["staff"] },
    reembolsado: { stock: "release", by: ["refund"] },
  },
  enviado: {
    entregado: { stock: "none", by: ["staff"] },
    devuelto: { stock: "release", by: ["return"] },
    reembolsado: { stock: "none", by: ["refund"] },
  },
  entregado: {
    devuelto: { stock: "release", by: ["return"] },
    reembolsado: { stock: "none", by: ["refund"] },
  },
  cancelado: {
    procesando: { stock: "reserve", by: ["payment"] },
    reembolsado: { stock: "none", by: ["refund"] },
  },
  reembolsado: {},
  devuelto: {
    reembolsado: { stock: "none", by: ["refund"] },
  },
};

/** Statuses only a paid order may have (the database checks it too). */
export const PAID_STATUSES: readonly OrderStatusName[] = [
  "procesando",
  "enviado",
  "entregado",
  "devuelto",
  "reembolsado",
];

/** The rule for `from` → `to`, or null when the lifecycle has no such change. */
export function transitionRule(from: OrderStatusName, to: OrderStatusName): TransitionRule | null {
  return ORDER_TRANSITIONS[from][to] ?? null;
}

export function canTransition(from: OrderStatusName, to: OrderStatusName, by?: TransitionSource): boolean {
  const rule = transitionRule(from, to);
  return rule !== null && (by === undefined || rule.by.includes(by));
}

/**
 * What staff may choose by hand for an order in `status`: the table's staff changes, without
 * the ones whose preconditions the order does not meet (refunding an order that was never paid).
 */
export function staffStatusChoices(status: OrderStatusName, paid: boolean): OrderStatusName[] {
  return ORDER_STATUSES.filter((to) => canTransition(status, to, "staff") && (paid || !PAID_STATUSES.includes(to)));
}

export function isOrderStatus(value: unknown): value is OrderStatusName {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether the Devoluciones tab may process a return of an order in `status` (shipped or delivered). */
export function isReturnable(status: OrderStatusName): boolean {
  return canTransition(status, "devuelto", "return");
}

/** Statuses of an order on its way (or delivered): only these have a tracking line in Mis Pedidos. */
const SHIPPING_STATUSES: readonly OrderStatusName[] = ["procesando", "enviado", "entregado"];

/** Whether Mis Pedidos shows the order's tracking line ("Código de rastreo: …"). */
export function showsTracking(order: { status: OrderStatusName; trackingCode: string | null }): boolean {
  return SHIPPING_STATUSES.includes(order.status) || order.trackingCode !== null;
}

/**
 * A payment attempt that never went through: cancelled without ever being paid (the shopper left the
 * payment page, the card was declined, the reservation ran out). Mis Pedidos lists these apart from
 * real orders; a cancelled order that was paid is a real order (its refund is due).
 */
export function isUnpaidAttempt(order: { status: OrderStatusName; paidAt: Date | string | null }): boolean {
  return order.status === "cancelado" && order.paidAt === null;
}
