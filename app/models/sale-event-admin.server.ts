import type { Prisma } from "~/generated/prisma/client";
import { saleState, type SaleState } from "~/lib/sale-prices";
import { SALE_EVENT_MESSAGES, type SaleEventInput } from "~/lib/validation/sale-event";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";

/**
 * Staff's sale events (`/admin/promociones`, docs/decisions/057-sale-events.md): the list with each
 * event's state and revenue, the create/edit form's reads and writes, archive and restore. Every write
 * is audited in its transaction and then reported as a change to everything: every price may move, and
 * the cached schedule and pages are forgotten here and on the other instances.
 */

/**
 * Orders counted in an event's revenue: paid and kept (a returned or refunded one no longer counts); of a
 * kept order, the pieces a settled refund gave back do not count either.
 */
const KEPT_PAID = ["procesando", "enviado", "entregado"] as const;

export type SaleEventRow = {
  id: number;
  name: string;
  percentOff: number;
  startsAt: Date;
  endsAt: Date;
  archived: boolean;
  state: SaleState;
  categories: string[];
  productCount: number;
  /** Sum of price × quantity (centavos, before IVA, no shipping) of the pieces bought at its price and kept. */
  revenue: number;
  pieces: number;
  orders: number;
};

/** Every event, newest start first, with its scope and revenue: two statements. */
export async function listSaleEvents(now: Date = new Date()): Promise<SaleEventRow[]> {
  const [events, sold] = await Promise.all([
    prisma.saleEvent.findMany({
      orderBy: [{ startsAt: "desc" }, { id: "desc" }],
      take: 200,
      select: {
        id: true,
        name: true,
        percentOff: true,
        startsAt: true,
        endsAt: true,
        archivedAt: true,
        categories: { select: { categoryId: true } },
        _count: { select: { products: true } },
      },
    }),
    // Each line less its units given back by a settled refund (a ring returned from a kept order).
    prisma.$queryRaw<{ saleEventId: number; revenue: bigint; pieces: bigint; orders: bigint }[]>`
      SELECT k."sale_event_id" AS "saleEventId", sum(k."price"::bigint * k."kept") AS "revenue",
        sum(k."kept") AS "pieces", count(DISTINCT k."order_id") AS "orders"
      FROM (
        SELECT i."sale_event_id", i."price", i."order_id", i."quantity" - coalesce((
          SELECT sum((p->>'quantity')::int) FROM "refunds" r, jsonb_array_elements(r."items"->'pieces') p
          WHERE r."order_id" = i."order_id" AND r."status" = 'reembolsado' AND (p->>'orderItemId')::int = i."id"
        ), 0) AS "kept"
        FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
        WHERE i."sale_event_id" IS NOT NULL AND o."status"::text = ANY(${[...KEPT_PAID]}::text[])
      ) k
      WHERE k."kept" > 0
      GROUP BY k."sale_event_id"`,
  ]);
  const categoryIds = [...new Set(events.flatMap((e) => e.categories.map((c) => c.categoryId)))];
  const categories = new Map(
    (await prisma.category.findMany({ where: { id: { in: categoryIds } }, select: { id: true, name: true } })).map(
      (c) => [c.id, c.name],
    ),
  );
  const soldBy = new Map(sold.map((row) => [row.saleEventId, row]));
  return events.map((event) => {
    const totals = soldBy.get(event.id);
    return {
      id: event.id,
      name: event.name,
      percentOff: event.percentOff,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      archived: event.archivedAt !== null,
      state: saleState({ startsAt: event.startsAt.getTime(), endsAt: event.endsAt.getTime() }, now.getTime()),
      categories: event.categories.flatMap((c) => categories.get(c.categoryId) ?? []),
      productCount: event._count.products,
      revenue: Number(totals?.revenue ?? 0),
      pieces: Number(totals?.pieces ?? 0),
      orders: Number(totals?.orders ?? 0),
    };
  });
}

/** One event as its edit form shows it; null when it does not exist. */
export async function getSaleEvent(id: number) {
  const event = await prisma.saleEvent.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      percentOff: true,
      startsAt: true,
      endsAt: true,
      archivedAt: true,
      categories: { select: { categoryId: true }, orderBy: { categoryId: "asc" } },
      products: { select: { productId: true }, orderBy: { productId: "asc" } },
    },
  });
  if (!event) return null;
  return {
    ...event,
    categoryIds: event.categories.map((c) => c.categoryId),
    productIds: event.products.map((p) => p.productId),
  };
}

export type SaveOutcome =
  { ok: true; id: number } | { ok: false; field: "categoryIds" | "productIds" | "form"; message: string };

/** What the trail keeps of an event (its scope too). */
function auditValue(event: SaleEventInput): Prisma.InputJsonValue {
  return {
    name: event.name,
    percentOff: event.percentOff,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    categoryIds: [...event.categoryIds],
    productIds: [...event.productIds],
  };
}

/** Creates (`id` null) or edits an event, its scope replaced; refuses unknown categories or pieces. */
export async function saveSaleEvent(actor: Actor, id: number | null, input: SaleEventInput): Promise<SaveOutcome> {
  const [categories, products] = await Promise.all([
    prisma.category.count({ where: { id: { in: input.categoryIds } } }),
    prisma.product.findMany({ where: { id: { in: input.productIds } }, select: { id: true } }),
  ]);
  if (categories !== input.categoryIds.length) {
    return { ok: false, field: "categoryIds", message: SALE_EVENT_MESSAGES.categoryInvalid };
  }
  const known = new Set(products.map((p) => p.id));
  const unknown = input.productIds.filter((p) => !known.has(p));
  if (unknown.length > 0) {
    return { ok: false, field: "productIds", message: `${SALE_EVENT_MESSAGES.productsUnknown}${unknown.join(", ")}` };
  }
  const data = {
    name: input.name,
    percentOff: input.percentOff,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    categories: { create: input.categoryIds.map((categoryId) => ({ categoryId })) },
    products: { create: input.productIds.map((productId) => ({ productId })) },
  };
  const saved = await prisma.$transaction(async (tx) => {
    if (id === null) {
      const created = await tx.saleEvent.create({ data, select: { id: true } });
      await recordAudit(tx, actor, { action: "sale_event", before: null, after: auditValue(input) });
      return created.id;
    }
    const before = await tx.saleEvent.findUnique({
      where: { id },
      select: {
        name: true,
        percentOff: true,
        startsAt: true,
        endsAt: true,
        categories: { select: { categoryId: true } },
        products: { select: { productId: true } },
      },
    });
    if (!before) return null;
    await tx.saleEventCategory.deleteMany({ where: { saleEventId: id } });
    await tx.saleEventProduct.deleteMany({ where: { saleEventId: id } });
    await tx.saleEvent.update({ where: { id }, data });
    const beforeValue = auditValue({
      ...before,
      categoryIds: before.categories.map((c) => c.categoryId),
      productIds: before.products.map((p) => p.productId),
    });
    await recordAudit(tx, actor, { action: "sale_event", before: beforeValue, after: auditValue(input) });
    return id;
  });
  if (saved === null) return { ok: false, field: "form", message: SALE_EVENT_MESSAGES.notFound };
  catalogChanged("everything");
  return { ok: true, id: saved };
}

/** Archives (its prices stop at once) or restores an event; false when it does not exist. */
export async function setSaleEventArchived(actor: Actor, id: number, archived: boolean): Promise<boolean> {
  const done = await prisma.$transaction(async (tx) => {
    const event = await tx.saleEvent.findUnique({ where: { id }, select: { name: true, archivedAt: true } });
    if (!event) return false;
    if ((event.archivedAt !== null) === archived) return true;
    const now = new Date();
    await tx.saleEvent.update({ where: { id }, data: { archivedAt: archived ? now : null } });
    await recordAudit(tx, actor, {
      action: "sale_event_archive",
      before: { name: event.name, archivedAt: event.archivedAt?.toISOString() ?? null },
      after: { name: event.name, archivedAt: archived ? now.toISOString() : null },
    });
    return true;
  });
  if (done) catalogChanged("everything");
  return done;
}
