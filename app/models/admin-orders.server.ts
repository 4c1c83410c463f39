import type { Prisma } from "~/generated/prisma/client";
import type { CarrierKey } from "~/lib/carriers";
import type { OrderStatusName } from "~/lib/order-status";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { sizeLabel } from "~/lib/variants";
import { prisma } from "~/utils/db.server";
import { type Actor, type AuditRow, recordAudit, toAuditRow } from "./audit.server";
import { changeOrderStatus } from "./order-lifecycle.server";
import { SHIPPING_ADDRESS_SELECT, type ShippingAddress } from "./order-views.server";

/** Staff reads and writes of orders: the Pedidos tab and the order page. */

const adminOrderSelect = {
  id: true,
  number: true,
  email: true,
  status: true,
  total: true,
  carrier: true,
  trackingCode: true,
  paidAt: true,
  paymentMethod: true,
  voucherIssuedAt: true,
  voucherExpiresAt: true,
  giftMessage: true,
  giftWrapPrice: true,
  installmentMonths: true,
  createdAt: true,
  user: { select: { name: true, email: true } },
  items: {
    select: { id: true, productId: true, productName: true, variantName: true, quantity: true, price: true },
    orderBy: { id: "asc" },
  },
  address: { select: SHIPPING_ADDRESS_SELECT },
} as const satisfies Prisma.OrderSelect;

export type AdminOrderRow = Prisma.OrderGetPayload<{ select: typeof adminOrderSelect }>;

/**
 * Orders newest first, optionally of one status or matching `q` (an order number or the shopper's
 * e-mail), one page at a time (one statement per part).
 */
export async function listAdminOrders({
  status,
  q,
  page,
}: {
  status: OrderStatusName | null;
  q: string;
  page: number;
}): Promise<Page<AdminOrderRow>> {
  const where: Prisma.OrderWhereInput = {
    ...(status ? { status } : {}),
    ...(q
      ? {
          OR: [
            { number: { equals: q.toUpperCase() } },
            { email: { contains: q, mode: "insensitive" } },
            { user: { email: { contains: q, mode: "insensitive" } } },
          ],
        }
      : {}),
  };
  const [items, total] = await prisma.$transaction([
    prisma.order.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
      select: adminOrderSelect,
    }),
    prisma.order.count({ where }),
  ]);
  return pageOf(items, total, page);
}

const orderPageSelect = {
  id: true,
  number: true,
  email: true,
  status: true,
  subtotal: true,
  shipping: true,
  tax: true,
  total: true,
  currency: true,
  carrier: true,
  trackingCode: true,
  stripeSessionId: true,
  stripePaymentIntentId: true,
  reservedUntil: true,
  stockReleasedAt: true,
  paidAt: true,
  paymentMethod: true,
  voucherIssuedAt: true,
  voucherExpiresAt: true,
  voucherReference: true,
  giftMessage: true,
  giftWrapPrice: true,
  discountCode: true,
  discountTotal: true,
  installmentMonths: true,
  createdAt: true,
  user: { select: { id: true, name: true, email: true } },
  items: {
    select: {
      id: true,
      productId: true,
      variantId: true,
      productName: true,
      variantName: true,
      material: true,
      image: true,
      quantity: true,
      price: true,
      discount: true,
    },
    orderBy: { id: "asc" },
  },
  address: { select: SHIPPING_ADDRESS_SELECT },
  returns: {
    select: { id: true, reason: true, returnedAt: true, admin: { select: { email: true } } },
    orderBy: { returnedAt: "asc" },
  },
} as const satisfies Prisma.OrderSelect;

export type AdminOrder = Prisma.OrderGetPayload<{ select: typeof orderPageSelect }> & {
  /** Every change of the order from the audit trail, oldest first: status, shipment, return. */
  history: AuditRow[];
};

/** One order with everything its page shows; null when no order has that number. */
export async function getAdminOrder(number: string): Promise<AdminOrder | null> {
  const order = await prisma.order.findUnique({ where: { number }, select: orderPageSelect });
  if (!order) return null;
  const history = await prisma.auditEntry.findMany({
    where: { orderId: order.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { ...order, history: history.map(toAuditRow) };
}

export type StatusChange = "ok" | "unchanged" | "not_found" | "not_allowed" | "needs_shipment";

function statusChangeOf(result: Awaited<ReturnType<typeof changeOrderStatus>>["result"]): StatusChange {
  if (result.ok) return "ok";
  if (result.reason === "unpaid" || result.reason === "stock_gone") return "not_allowed";
  return result.reason;
}

/**
 * A staff member's change of an order's status, through the order lifecycle: only the changes its
 * table gives staff, only for a paid order where the change needs one (an unpaid order is never
 * shipped), stock released where the table says so, with the audit entry and the shopper's e-mail.
 * Shipping needs the carrier: `shipOrder`.
 */
export async function setOrderStatus(actor: Actor, orderId: number, to: OrderStatusName): Promise<StatusChange> {
  const { result } = await changeOrderStatus({ orderId, to, by: "staff", author: { actor } });
  return statusChangeOf(result);
}

export type Shipment = { carrier: CarrierKey; trackingCode: string | null };

/**
 * Ships an order: enviado, with its carrier and guide number, and the shopper's "Tu pedido va en
 * camino" e-mail linking to the carrier's tracking page (queued by the lifecycle in the same
 * transaction).
 */
export async function shipOrder(actor: Actor, orderId: number, shipment: Shipment): Promise<StatusChange> {
  const { result } = await changeOrderStatus({ orderId, to: "enviado", by: "staff", author: { actor }, shipment });
  return statusChangeOf(result);
}

/**
 * Corrects an order's carrier and guide number (a typo after shipping); false when the order does not
 * exist. The shopper's Mis Pedidos shows the new link at once.
 */
export async function setShipment(actor: Actor, orderId: number, shipment: Shipment): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ carrier: string | null; tracking_code: string | null }[]>`
      SELECT "carrier", "tracking_code" FROM "orders" WHERE "id" = ${orderId} FOR UPDATE`;
    if (!row) return false;
    if (row.carrier === shipment.carrier && row.tracking_code === shipment.trackingCode) return true;
    const after = { carrier: shipment.carrier, trackingCode: shipment.trackingCode };
    await tx.order.update({ where: { id: orderId }, data: after });
    await recordAudit(tx, actor, {
      action: "tracking",
      orderId,
      before: { carrier: row.carrier, trackingCode: row.tracking_code },
      after,
    });
    return true;
  });
}

const packingSlipSelect = {
  number: true,
  createdAt: true,
  giftMessage: true,
  giftWrapPrice: true,
  items: {
    select: {
      id: true,
      productName: true,
      variantName: true,
      material: true,
      quantity: true,
      variant: { select: { model: true, size: true } },
    },
    orderBy: { id: "asc" },
  },
  address: { select: SHIPPING_ADDRESS_SELECT },
} as const satisfies Prisma.OrderSelect;

/** One line of a packing slip: what to put in the box, never what it cost. */
export type PackingSlipLine = {
  id: number;
  name: string;
  /** The model and the metal ("Bisel · Oro blanco 14k", "Oro blanco 14k"), or null for a piece without either. */
  model: string | null;
  /** The size as the shop words it ("Talla 7", "45 cm"), or null. */
  size: string | null;
  quantity: number;
};

export type PackingSlip = {
  number: string;
  createdAt: Date;
  giftWrap: boolean;
  giftMessage: string | null;
  address: ShippingAddress | null;
  lines: PackingSlipLine[];
};

/**
 * What the packing slip of an order prints (null when no order has that number): the ship-to address,
 * the pieces with their model, metal, size and quantity, and the gift options. No prices or totals
 * are even read: the slip travels in the parcel, often a gift's. Model and size come from the variant
 * bought when it still exists (a variant that was ever ordered is archived, never deleted); otherwise
 * from the name the order froze, which joins both.
 */
export async function getPackingSlip(number: string): Promise<PackingSlip | null> {
  const order = await prisma.order.findUnique({ where: { number }, select: packingSlipSelect });
  if (!order) return null;
  return {
    number: order.number,
    createdAt: order.createdAt,
    giftWrap: order.giftWrapPrice !== null,
    giftMessage: order.giftMessage,
    address: order.address,
    lines: order.items.map((item) => {
      const model = item.variant ? item.variant.model : item.variantName;
      // A model named after its metal ("Oro blanco", metal "Oro blanco 14k") is said once, by the metal.
      const said = model && item.material?.toLowerCase().startsWith(model.toLowerCase()) ? null : model;
      return {
        id: item.id,
        name: item.productName,
        model: [said, item.material].filter(Boolean).join(" · ") || null,
        size: item.variant?.size ? sizeLabel(item.variant.size) : null,
        quantity: item.quantity,
      };
    }),
  };
}
