import type { Prisma } from "~/generated/prisma/client";
import type { AuditAction } from "~/lib/audit";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";

/**
 * The audit trail: every staff change is written in the same transaction as the change itself,
 * so there is no change without its entry and no entry for a change that rolled back.
 */

/** Who made a change: a staff member, or the shop itself (no id, `SYSTEM_ACTOR`). */
export type Actor = { id: string | null; email: string };

type Entry = {
  action: AuditAction;
  productId?: number | null;
  orderId?: number | null;
  userId?: string | null;
  before: Prisma.InputJsonValue | null;
  after: Prisma.InputJsonValue | null;
};

export async function recordAudit(tx: Prisma.TransactionClient, actor: Actor, entry: Entry) {
  await tx.auditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      productId: entry.productId ?? null,
      orderId: entry.orderId ?? null,
      userId: entry.userId ?? null,
      before: entry.before ?? undefined,
      after: entry.after ?? undefined,
    },
  });
}

export type AuditFilter = { productId?: number | null; orderId?: number | null };

/** Entries newest first, all or those of one product or one order, one page at a time. */
export async function getAuditPage(filter: AuditFilter, page: number): Promise<Page<AuditRow>> {
  const where: Prisma.AuditEntryWhereInput = {
    ...(filter.productId ? { productId: filter.productId } : {}),
    ...(filter.orderId ? { orderId: filter.orderId } : {}),
  };
  const [rows, total] = await prisma.$transaction([
    prisma.auditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
      select: {
        id: true,
        actorEmail: true,
        action: true,
        productId: true,
        orderId: true,
        userId: true,
        before: true,
        after: true,
        createdAt: true,
      },
    }),
    prisma.auditEntry.count({ where }),
  ]);
  return pageOf(
    rows.map((row) => ({ ...row, action: row.action as AuditAction })),
    total,
    page,
  );
}

export type AuditRow = {
  id: number;
  actorEmail: string;
  action: AuditAction;
  productId: number | null;
  orderId: number | null;
  userId: string | null;
  before: Prisma.JsonValue;
  after: Prisma.JsonValue;
  createdAt: Date;
};
