import type { Prisma } from "~/generated/prisma/client";
import { RETURN_REQUEST_STATUSES, type ReturnRequestKind, type ReturnRequestStatus } from "~/lib/return-requests";
import { prisma } from "~/utils/db.server";
import { SHIPPING_ADDRESS_SELECT } from "./order-views.server";
import { pieceText } from "./return-emails.server";

/** Staff's reads of the shoppers' return and exchange requests: the Devoluciones tab, a request's page, its slip. */

/** Requests staff still have to act on, oldest first (the first to answer is the one waiting longest). */
const OPEN: ReturnRequestStatus[] = ["solicitada", "aprobada", "recibida"];

export type AdminRequestRow = {
  id: number;
  kind: ReturnRequestKind;
  status: ReturnRequestStatus;
  createdAt: Date;
  orderNumber: string;
  email: string;
  pieces: string[];
};

const ROW_SELECT = {
  id: true,
  kind: true,
  status: true,
  createdAt: true,
  order: { select: { number: true, email: true } },
  items: {
    orderBy: { id: "asc" },
    select: {
      quantity: true,
      exchangeVariantName: true,
      orderItem: { select: { productName: true, variantName: true } },
    },
  },
} as const satisfies Prisma.ReturnRequestSelect;

function rowOf(row: Prisma.ReturnRequestGetPayload<{ select: typeof ROW_SELECT }>): AdminRequestRow {
  return {
    id: row.id,
    kind: row.kind as ReturnRequestKind,
    status: row.status as ReturnRequestStatus,
    createdAt: row.createdAt,
    orderNumber: row.order.number,
    email: row.order.email,
    pieces: row.items.map((line) => pieceText({ ...line.orderItem, ...line })),
  };
}

/** The open requests (oldest first, at most 100) and the last 20 closed ones (newest first). */
export async function listReturnRequests(): Promise<{ open: AdminRequestRow[]; closed: AdminRequestRow[] }> {
  const closedStatuses = RETURN_REQUEST_STATUSES.filter((status) => !OPEN.includes(status));
  const [open, closed] = await prisma.$transaction([
    prisma.returnRequest.findMany({
      where: { status: { in: OPEN } },
      orderBy: { id: "asc" },
      take: 100,
      select: ROW_SELECT,
    }),
    prisma.returnRequest.findMany({
      where: { status: { in: closedStatuses } },
      orderBy: { id: "desc" },
      take: 20,
      select: ROW_SELECT,
    }),
  ]);
  return { open: open.map(rowOf), closed: closed.map(rowOf) };
}

/** One request with everything its page and its slip show. */
export async function getReturnRequest(id: number) {
  const row = await prisma.returnRequest.findUnique({
    where: { id },
    select: {
      id: true,
      kind: true,
      status: true,
      reason: true,
      staffMessage: true,
      carrier: true,
      trackingCode: true,
      refundRequestId: true,
      createdAt: true,
      decidedAt: true,
      decidedByEmail: true,
      receivedAt: true,
      shippedAt: true,
      order: {
        select: {
          number: true,
          email: true,
          status: true,
          user: { select: { name: true } },
          address: { select: SHIPPING_ADDRESS_SELECT },
        },
      },
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          quantity: true,
          sellableQuantity: true,
          exchangeVariantName: true,
          exchangeVariant: { select: { stock: true, archivedAt: true } },
          orderItem: { select: { productName: true, variantName: true } },
        },
      },
    },
  });
  if (!row) return null;
  return {
    ...row,
    kind: row.kind as ReturnRequestKind,
    status: row.status as ReturnRequestStatus,
    items: row.items.map(({ exchangeVariant, ...line }) => ({
      ...line,
      // What the new size's shelf has now (before approval: whether it can still be held).
      exchangeStock: exchangeVariant ? (exchangeVariant.archivedAt ? 0 : exchangeVariant.stock) : null,
    })),
  };
}

export type AdminReturnRequest = NonNullable<Awaited<ReturnType<typeof getReturnRequest>>>;
