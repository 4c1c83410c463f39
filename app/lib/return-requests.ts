import { businessDaysAfter, mexicoCityDate } from "./delivery";

/**
 * Returns and exchanges per piece, started by the shopper (docs/decisions/034-returns-and-exchanges-per-piece.md):
 * the request's lifecycle, the return window and what may still be asked for. Pure: shared by the
 * shopper's form, the staff's screen and the server modules that write.
 */

export const RETURN_REQUEST_KINDS = ["devolucion", "cambio"] as const;
export type ReturnRequestKind = (typeof RETURN_REQUEST_KINDS)[number];

export const RETURN_REQUEST_STATUSES = [
  "solicitada",
  "aprobada",
  "rechazada",
  "recibida",
  "reembolsada",
  "cambio_enviado",
] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

/**
 * The request's lifecycle: staff approve or reject a request, receive the pieces of an approved one,
 * then refund them (a return: reembolsada, when a refund of them succeeded) or ship the new size (an
 * exchange: cambio_enviado). The database's trigger (migration `return_requests`) allows exactly these.
 */
export const RETURN_REQUEST_TRANSITIONS: Record<
  ReturnRequestKind,
  Partial<Record<ReturnRequestStatus, readonly ReturnRequestStatus[]>>
> = {
  devolucion: { solicitada: ["aprobada", "rechazada"], aprobada: ["recibida"], recibida: ["reembolsada"] },
  cambio: { solicitada: ["aprobada", "rechazada"], aprobada: ["recibida"], recibida: ["cambio_enviado"] },
};

export function canMoveRequest(kind: ReturnRequestKind, from: ReturnRequestStatus, to: ReturnRequestStatus): boolean {
  return RETURN_REQUEST_TRANSITIONS[kind][from]?.includes(to) ?? false;
}

export const RETURN_KIND_LABEL: Record<ReturnRequestKind, string> = {
  devolucion: "Devolución",
  cambio: "Cambio de talla",
};

/** What the shopper (and staff) read for each status. */
export const RETURN_STATUS_INFO: Record<ReturnRequestStatus, { label: string; description: string }> = {
  solicitada: { label: "Solicitada", description: "Revisaremos tu solicitud y te responderemos por correo." },
  aprobada: {
    label: "Aprobada",
    description: "Envíanos las piezas a la dirección que te dimos por correo; te avisaremos al recibirlas.",
  },
  rechazada: { label: "Rechazada", description: "No pudimos aceptar esta solicitud." },
  recibida: { label: "Recibida", description: "Recibimos tus piezas y las estamos revisando." },
  reembolsada: { label: "Reembolsada", description: "Te reembolsamos las piezas devueltas." },
  cambio_enviado: { label: "Cambio enviado", description: "Tu nueva talla va en camino." },
};

export function isReturnRequestStatus(value: unknown): value is ReturnRequestStatus {
  return typeof value === "string" && (RETURN_REQUEST_STATUSES as readonly string[]).includes(value);
}

export function isReturnRequestKind(value: unknown): value is ReturnRequestKind {
  return typeof value === "string" && (RETURN_REQUEST_KINDS as readonly string[]).includes(value);
}

/** Statuses that no longer hold the pieces asked for (they may be asked for again). */
const RELEASING: readonly ReturnRequestStatus[] = ["rechazada"];

/**
 * The last day (YYYY-MM-DD, Mexico City) to ask for a return of an order delivered at `deliveredAt`:
 * RETURN_DAYS business days counted from the day after the delivery, as the policy page says
 * ("N días hábiles desde la entrega").
 */
export function returnDeadline(deliveredAt: Date, returnDays: number, extraClosedDays: readonly string[] = []): string {
  return businessDaysAfter(deliveredAt, returnDays, extraClosedDays);
}

/** Whether `now` is still within the window that ends on `deadline` (the whole day, Mexico City). */
export function withinReturnWindow(now: Date, deadline: string): boolean {
  return mexicoCityDate(now) <= deadline;
}

export type RequestedLine = { orderItemId: number; quantity: number };

/**
 * How many of each order line may still be asked for: bought minus what requests that still hold
 * their pieces (anything but rejected) asked for.
 */
export function requestableQuantities(
  items: readonly { id: number; quantity: number }[],
  requests: readonly { status: string; items: readonly RequestedLine[] }[],
): Map<number, number> {
  const left = new Map(items.map((item) => [item.id, item.quantity]));
  for (const request of requests) {
    if ((RELEASING as readonly string[]).includes(request.status)) continue;
    for (const line of request.items) {
      const now = left.get(line.orderItemId);
      if (now !== undefined) left.set(line.orderItemId, Math.max(0, now - line.quantity));
    }
  }
  return left;
}

export type RequestCheckItem = {
  id: number;
  quantity: number;
  productId: number | null;
  variantId: number | null;
  /** The sizes the product has now (an exchange must name one of them, other than the one bought). */
  sizes: readonly { id: number; productId: number }[];
};

export type RequestChoice = {
  kind: ReturnRequestKind;
  /** Quantity per order item id (only > 0). */
  quantities: Record<number, number>;
  /** For an exchange: the new size (variant id) per order item id. */
  sizes: Record<number, number>;
};

export type RequestRefusal =
  | { field: "form"; message: string }
  | { field: `cantidad-${number}`; message: string }
  | { field: `talla-${number}`; message: string };

/** The server's checks of a choice against the order: pieces of it, within what is left, a real new size. */
export function checkRequestChoice(
  items: readonly RequestCheckItem[],
  left: ReadonlyMap<number, number>,
  choice: RequestChoice,
): RequestRefusal[] {
  const refusals: RequestRefusal[] = [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const chosen = Object.entries(choice.quantities).filter(([, quantity]) => quantity > 0);
  if (chosen.length === 0) return [{ field: "form", message: RETURN_REQUEST_MESSAGES.nothing }];
  for (const [key, quantity] of chosen) {
    const id = Number(key);
    const item = byId.get(id);
    if (!item) {
      refusals.push({ field: "form", message: RETURN_REQUEST_MESSAGES.unknownItem });
      continue;
    }
    const most = left.get(id) ?? 0;
    if (quantity > most) {
      refusals.push({
        field: `cantidad-${id}`,
        message: most === 0 ? RETURN_REQUEST_MESSAGES.noneLeft : RETURN_REQUEST_MESSAGES.tooMany(most),
      });
    }
    if (choice.kind === "cambio") {
      const size = choice.sizes[id];
      if (item.sizes.length === 0) refusals.push({ field: `talla-${id}`, message: RETURN_REQUEST_MESSAGES.noSizes });
      else if (size === undefined)
        refusals.push({ field: `talla-${id}`, message: RETURN_REQUEST_MESSAGES.sizeRequired });
      else if (!item.sizes.some((s) => s.id === size && s.productId === item.productId))
        refusals.push({ field: `talla-${id}`, message: RETURN_REQUEST_MESSAGES.unknownSize });
      else if (size === item.variantId)
        refusals.push({ field: `talla-${id}`, message: RETURN_REQUEST_MESSAGES.sameSize });
    }
  }
  return refusals;
}

export const RETURN_REQUEST_MESSAGES = {
  nothing: "Elige al menos una pieza y cuántas",
  quantity: "La cantidad debe ser un número entero de 0 en adelante",
  unknownItem: "Esa pieza no es de este pedido",
  noneLeft: "Ya solicitaste la devolución o el cambio de todas estas piezas",
  tooMany: (most: number) => `Puedes solicitar como máximo ${most} ${most === 1 ? "pieza" : "piezas"}`,
  kind: "Elige si quieres devolver las piezas o cambiarlas de talla",
  sizeRequired: "Elige la nueva talla",
  unknownSize: "Esa talla no existe para esta pieza",
  sameSize: "Elige una talla distinta a la que compraste",
  noSizes: "Esta pieza no tiene tallas: elige devolución",
  reasonRequired: "Cuéntanos el motivo",
  reasonTooLong: "El motivo no puede tener más de 500 caracteres",
  windowClosed: "El plazo para solicitar una devolución o un cambio de este pedido ya terminó",
  notDelivered: "Solo puedes solicitar una devolución o un cambio de un pedido entregado",
  staffMessageTooLong: "El mensaje no puede tener más de 500 caracteres",
  rejectNeedsMessage: "Escribe al cliente por qué no se acepta la solicitud",
} as const;

const deadlineFormat = new Intl.DateTimeFormat("es-MX", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A deadline day ("2026-12-04") as "viernes, 4 de diciembre de 2026" (the day itself, in any time zone). */
export function formatDeadline(day: string): string {
  return deadlineFormat.format(new Date(`${day}T12:00:00Z`));
}

/**
 * The received returns (in request order) whose pieces the order's succeeded refunds cover:
 * `refunded` is the quantity refunded per order item; each return, oldest first, takes its pieces
 * from it, and is covered when every one of them was there.
 */
export function refundedRequests(
  refunded: Readonly<Record<number, number>>,
  requests: readonly { id: number; status: string; items: readonly RequestedLine[] }[],
): number[] {
  const left: Record<number, number> = { ...refunded };
  const covered: number[] = [];
  for (const request of requests) {
    const ok = request.items.every((line) => (left[line.orderItemId] ?? 0) >= line.quantity);
    if (!ok) break;
    for (const line of request.items) left[line.orderItemId] = (left[line.orderItemId] ?? 0) - line.quantity;
    if (request.status === "recibida") covered.push(request.id);
  }
  return covered;
}
