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

export type AuditEntryInput = {
  action: AuditAction;
  productId?: number | null;
  orderId?: number | null;
  userId?: string | null;
  before: Prisma.InputJsonValue | null;
  after: Prisma.InputJsonValue | null;
};

function entryData(actor: Actor, entry: AuditEntryInput) {
  return {
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    productId: entry.productId ?? null,
    orderId: entry.orderId ?? null,
    userId: entry.userId ?? null,
    before: entry.before ?? undefined,
    after: entry.after ?? undefined,
  };
}

export async function recordAudit(tx: Prisma.TransactionClient, actor: Actor, entry: AuditEntryInput) {
  await tx.auditEntry.create({ data: entryData(actor, entry) });
}

/** Several entries at once (an import): one statement. */
export async function recordAudits(tx: Prisma.TransactionClient, actor: Actor, entries: AuditEntryInput[]) {
  if (entries.length > 0) await tx.auditEntry.createMany({ data: entries.map((entry) => entryData(actor, entry)) });
}

export type AuditFilter = { productId?: number | null; orderId?: number | null };

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

/** A row of the trail with its action typed (the column holds what `recordAudit` wrote). */
export function toAuditRow(row: {
  id: number;
  actorEmail: string;
  action: string;
  productId: number | null;
  orderId: number | null;
  userId: string | null;
  before: Prisma.JsonValue;
  after: Prisma.JsonValue;
  createdAt: Date;
}): AuditRow {
  return {
    id: row.id,
    actorEmail: row.actorEmail,
    action: row.action as AuditAction,
    productId: row.productId,
    orderId: row.orderId,
    userId: row.userId,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt,
  };
}

/**
 * What the trail's rows point at, as a shop owner reads them: order numbers (LJ…), product names,
 * users' e-mails and category names. Rows outlive what they point at: a deleted product has no name.
 */
export type AuditNames = {
  orders: Record<number, string>;
  products: Record<number, string>;
  users: Record<string, string>;
  categories: Record<number, string>;
};

/** Entries newest first, all or those of one product or one order, one page at a time, with their names. */
export async function getAuditPage(
  filter: AuditFilter,
  page: number,
): Promise<{ entries: Page<AuditRow>; names: AuditNames }> {
  const where: Prisma.AuditEntryWhereInput = {
    ...(filter.productId ? { productId: filter.productId } : {}),
    ...(filter.orderId ? { orderId: filter.orderId } : {}),
  };
  const [rows, total] = await prisma.$transaction([
    prisma.auditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
    }),
    prisma.auditEntry.count({ where }),
  ]);
  const ids = <T>(values: (T | null)[]) => [...new Set(values.filter((v): v is T => v !== null))];
  const [orders, products, users, categories] = await Promise.all([
    prisma.order.findMany({
      where: { id: { in: ids(rows.map((r) => r.orderId)) } },
      select: { id: true, number: true },
    }),
    prisma.product.findMany({
      where: { id: { in: ids(rows.map((r) => r.productId)) } },
      select: { id: true, name: true },
    }),
    prisma.user.findMany({ where: { id: { in: ids(rows.map((r) => r.userId)) } }, select: { id: true, email: true } }),
    prisma.category.findMany({ select: { id: true, name: true } }),
  ]);
  return {
    entries: pageOf(rows.map(toAuditRow), total, page),
    names: {
      orders: Object.fromEntries(orders.map((o) => [o.id, o.number])),
      products: Object.fromEntries(products.map((p) => [p.id, p.name])),
      users: Object.fromEntries(users.map((u) => [u.id, u.email])),
      categories: Object.fromEntries(categories.map((c) => [c.id, c.name])),
    },
  };
}
