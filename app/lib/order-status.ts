/**
 * Order statuses as staff see them: label, badge colour and the changes allowed from each.
 *
 * `devuelto` is never chosen by hand: only processing a return sets it, because that also puts
 * the items back in stock and records the return. Final states (cancelado, reembolsado) allow
 * no further change, so a cancelled order cannot be shipped by mistake.
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

export const ORDER_STATUS_LABEL: Record<OrderStatusName, string> = {
  pendiente: "Pendiente",
  procesando: "Procesando",
  enviado: "Enviado",
  entregado: "Entregado",
  cancelado: "Cancelado",
  reembolsado: "Reembolsado",
  devuelto: "Devuelto",
};

/** Tailwind classes of each status badge. */
export const ORDER_STATUS_COLOR: Record<OrderStatusName, string> = {
  pendiente: "bg-amber-100 text-amber-900",
  procesando: "bg-sky-100 text-sky-900",
  enviado: "bg-indigo-100 text-indigo-900",
  entregado: "bg-emerald-100 text-emerald-900",
  cancelado: "bg-red-100 text-red-900",
  reembolsado: "bg-zinc-200 text-zinc-800",
  devuelto: "bg-orange-100 text-orange-900",
};

export const ORDER_STATUS_TRANSITIONS: Record<OrderStatusName, readonly OrderStatusName[]> = {
  pendiente: ["procesando", "cancelado"],
  procesando: ["enviado", "cancelado", "reembolsado"],
  enviado: ["entregado"],
  entregado: ["reembolsado"],
  cancelado: [],
  reembolsado: [],
  devuelto: ["reembolsado"],
};

export function canTransition(from: OrderStatusName, to: OrderStatusName): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** A return is offered for every status except devuelto and cancelado. */
export const NOT_RETURNABLE: readonly OrderStatusName[] = ["devuelto", "cancelado"];

export function isReturnable(status: OrderStatusName): boolean {
  return !NOT_RETURNABLE.includes(status);
}

export function isOrderStatus(value: unknown): value is OrderStatusName {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}
