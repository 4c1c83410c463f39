import type { Prisma } from "~/generated/prisma/client";
import {
  checkRequestChoice,
  type RequestCheckItem,
  requestableQuantities,
  RETURN_REQUEST_MESSAGES,
  returnDeadline,
  type ReturnRequestKind,
  type ReturnRequestStatus,
  withinReturnWindow,
} from "~/lib/return-requests";
import type { FieldErrors, ShopperRequestForm } from "~/lib/validation/return-request";
import { prisma } from "~/utils/db.server";
import { getShopPolicies } from "~/utils/env.server";
import { recordAudit } from "./audit.server";
import { pieceText, queueReturnEmail } from "./return-emails.server";

/**
 * Returns and exchanges per piece, as the shopper starts them from Mis Pedidos (docs/decisions/034):
 * the form's data (what may still be asked for, the sizes of each piece, the deadline) and the
 * request itself, checked on the server (ownership, a delivered order within the window, quantities,
 * a size of the same product) with the order's row locked, so two requests at once never ask for
 * more than was bought. Staff's steps are in ./return-staff.server.ts.
 */

type Tx = Prisma.TransactionClient;

/** The window of an order: open until `deadline` (Mexico City day), or why not. */
export type ReturnWindow = { deadline: string | null; open: boolean; closed: string | null };

export function windowOf(order: { status: string; deliveredAt: Date | null }, now = new Date()): ReturnWindow {
  if (order.status !== "entregado" || order.deliveredAt === null) {
    return { deadline: null, open: false, closed: RETURN_REQUEST_MESSAGES.notDelivered };
  }
  const policies = getShopPolicies();
  const deadline = returnDeadline(order.deliveredAt, policies.returnDays, policies.delivery.extraClosedDays);
  const open = withinReturnWindow(now, deadline);
  return { deadline, open, closed: open ? null : RETURN_REQUEST_MESSAGES.windowClosed };
}

const REQUEST_ITEMS_SELECT = {
  id: true,
  quantity: true,
  exchangeVariantName: true,
  orderItemId: true,
  sellableQuantity: true,
  orderItem: { select: { productName: true, variantName: true } },
} as const satisfies Prisma.ReturnRequestItemSelect;

/** A request as Mis Pedidos shows it. */
export type ShopperRequestView = {
  id: number;
  kind: ReturnRequestKind;
  status: ReturnRequestStatus;
  createdAt: Date;
  staffMessage: string | null;
  carrier: string | null;
  trackingCode: string | null;
  pieces: string[];
};

/** The requests and the window of each of a shopper's orders that has either (for Mis Pedidos). */
export async function getShopperReturns(
  userId: string,
): Promise<Record<number, { window: ReturnWindow; requests: ShopperRequestView[] }>> {
  const orders = await prisma.order.findMany({
    where: { userId, OR: [{ status: "entregado" }, { returnRequests: { some: {} } }] },
    select: {
      id: true,
      status: true,
      deliveredAt: true,
      returnRequests: {
        orderBy: { id: "desc" },
        select: {
          id: true,
          kind: true,
          status: true,
          createdAt: true,
          staffMessage: true,
          carrier: true,
          trackingCode: true,
          items: { select: REQUEST_ITEMS_SELECT, orderBy: { id: "asc" } },
        },
      },
    },
  });
  return Object.fromEntries(
    orders.map((order) => [
      order.id,
      {
        window: windowOf(order),
        requests: order.returnRequests.map(({ items, ...request }) => ({
          ...request,
          kind: request.kind as ReturnRequestKind,
          status: request.status as ReturnRequestStatus,
          pieces: items.map((line) => pieceText({ ...line.orderItem, ...line })),
        })),
      },
    ]),
  );
}

/** A piece of the order as the request form offers it. */
export type RequestFormItem = {
  id: number;
  productName: string;
  variantName: string | null;
  image: string | null;
  bought: number;
  left: number;
  /** Other sizes of the same product and model (empty: the piece has no sizes). */
  sizes: { id: number; name: string; soldOut: boolean }[];
};

async function orderItemsWithSizes(db: Tx, orderId: number) {
  const items = await db.orderItem.findMany({
    where: { orderId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      quantity: true,
      productId: true,
      variantId: true,
      productName: true,
      variantName: true,
      image: true,
      variant: { select: { size: true, model: true } },
    },
  });
  const productIds = [...new Set(items.flatMap((item) => (item.productId === null ? [] : [item.productId])))];
  const variants = await db.variant.findMany({
    where: { productId: { in: productIds }, archivedAt: null, size: { not: null } },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true, productId: true, name: true, size: true, model: true, stock: true },
  });
  return items.map((item) => ({
    ...item,
    // A piece sold in sizes (its variant has one) may be exchanged for another size of its model.
    sizes:
      item.variant?.size != null
        ? variants.filter(
            (v) => v.productId === item.productId && v.model === item.variant!.model && v.id !== item.variantId,
          )
        : [],
  }));
}

async function requestsOf(db: Tx, orderId: number) {
  return db.returnRequest.findMany({
    where: { orderId },
    select: { status: true, items: { select: { orderItemId: true, quantity: true } } },
  });
}

/** The request form of one of the shopper's orders, or null when it is not theirs. */
export async function getRequestForm(userId: string, orderNumber: string) {
  const order = await prisma.order.findFirst({
    where: { number: orderNumber, userId },
    select: { id: true, number: true, status: true, deliveredAt: true },
  });
  if (!order) return null;
  const items = await orderItemsWithSizes(prisma, order.id);
  const left = requestableQuantities(items, await requestsOf(prisma, order.id));
  return {
    order: { number: order.number },
    window: windowOf(order),
    items: items.map((item): RequestFormItem => ({
      id: item.id,
      productName: item.productName,
      variantName: item.variantName,
      image: item.image,
      bought: item.quantity,
      left: left.get(item.id) ?? 0,
      sizes: item.sizes.map((size) => ({ id: size.id, name: size.name, soldOut: size.stock <= 0 })),
    })),
  };
}

export type CreateOutcome = { ok: true; requestId: number } | { ok: false; status: number; errors: FieldErrors };

/**
 * The shopper's request, checked against the order with its row locked (the lock every writer of
 * the order takes): theirs, delivered, within the window, quantities within what is left, sizes of
 * the same product. Recorded with the audit entry and the shopper's e-mail in one transaction.
 */
export async function createReturnRequest(
  user: { id: string; email: string },
  orderNumber: string,
  form: ShopperRequestForm,
  now = new Date(),
): Promise<CreateOutcome> {
  let deliver: (() => void) | null = null;
  const outcome = await prisma.$transaction(async (tx): Promise<CreateOutcome> => {
    const [locked] = await tx.$queryRaw<{ id: number; status: string; delivered_at: Date | null }[]>`
      SELECT "id", "status"::text AS "status", "delivered_at" FROM "orders"
      WHERE "number" = ${orderNumber} AND "user_id" = ${user.id}::uuid FOR UPDATE`;
    if (!locked) return { ok: false, status: 404, errors: { form: "Pedido no encontrado" } };
    const window = windowOf({ status: locked.status, deliveredAt: locked.delivered_at }, now);
    if (!window.open) return { ok: false, status: 409, errors: { form: window.closed! } };
    const items = await orderItemsWithSizes(tx, locked.id);
    const left = requestableQuantities(items, await requestsOf(tx, locked.id));
    const checkItems: RequestCheckItem[] = items.map((item) => ({ ...item, sizes: item.sizes }));
    const refusals = checkRequestChoice(checkItems, left, form);
    if (refusals.length > 0) {
      return { ok: false, status: 400, errors: Object.fromEntries(refusals.map((r) => [r.field, r.message])) };
    }
    const sizeName = (id: number | undefined) =>
      id === undefined ? null : (items.flatMap((item) => item.sizes).find((size) => size.id === id)?.name ?? null);
    const lines = Object.entries(form.quantities).map(([key, quantity]) => {
      const exchange = form.kind === "cambio" ? form.sizes[Number(key)] : undefined;
      return {
        orderItemId: Number(key),
        quantity,
        exchangeVariantId: exchange ?? null,
        exchangeVariantName: sizeName(exchange),
      };
    });
    const created = await tx.returnRequest.create({
      data: { orderId: locked.id, kind: form.kind, reason: form.reason, items: { create: lines } },
      select: { id: true },
    });
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      {
        action: "return_request",
        orderId: locked.id,
        before: null,
        after: {
          request: "solicitada",
          kind: form.kind,
          reason: form.reason,
          items: lines.map((l) => pieceLine(items, l)),
        },
      },
    );
    deliver = await queueReturnEmail(tx, created.id, "requested");
    return { ok: true, requestId: created.id };
  });
  if (outcome.ok) (deliver as (() => void) | null)?.();
  return outcome;
}

function pieceLine(
  items: { id: number; productName: string; variantName: string | null }[],
  line: { orderItemId: number; quantity: number; exchangeVariantName: string | null },
) {
  const item = items.find((i) => i.id === line.orderItemId);
  return {
    quantity: line.quantity,
    productName: item?.productName ?? "",
    variantName: line.exchangeVariantName
      ? `${item?.variantName ?? "—"} → ${line.exchangeVariantName}`
      : (item?.variantName ?? null),
  };
}
