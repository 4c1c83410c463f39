import { DISCOUNT_KIND_LABEL, type DiscountCodeInput } from "~/lib/validation/discount-code";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";

/**
 * Staff's discount codes (/admin/promociones/cupones, docs/decisions/058): the list with each code's
 * uses and the revenue of its paid orders, creating one and archiving one, each audited in its own
 * transaction. Editing one is ./discount-code-edit.server.ts.
 */

export type AdminDiscountCode = {
  id: number;
  code: string;
  kind: string;
  discount: string;
  conditions: string;
  usedCount: number;
  usageLimit: number | null;
  revenue: number;
  archived: boolean;
};

function discountText(row: { kind: keyof typeof DISCOUNT_KIND_LABEL; value: number }): string {
  if (row.kind === "percentage") return `${row.value} %`;
  if (row.kind === "fixed") return formatMoney(row.value);
  return DISCOUNT_KIND_LABEL.free_shipping;
}

function conditionsText(row: {
  minimumPurchase: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perShopperLimit: number | null;
  productIds: number[];
  categoryIds: number[];
}): string {
  const parts = [];
  if (row.minimumPurchase > 0) parts.push(`Mínimo ${formatMoney(row.minimumPurchase)}`);
  if (row.startsAt) parts.push(`Desde ${formatDateTime(row.startsAt)}`);
  if (row.endsAt) parts.push(`Hasta ${formatDateTime(row.endsAt)}`);
  if (row.usageLimit !== null) parts.push(`${row.usageLimit} usos`);
  if (row.perShopperLimit !== null) parts.push(`${row.perShopperLimit} por cliente`);
  if (row.categoryIds.length > 0) parts.push(`Categorías ${row.categoryIds.join(", ")}`);
  if (row.productIds.length > 0) parts.push(`Piezas ${row.productIds.join(", ")}`);
  return parts.length > 0 ? parts.join(" · ") : "Sin condiciones";
}

export async function listDiscountCodes(): Promise<AdminDiscountCode[]> {
  const rows = await prisma.discountCode.findMany({
    orderBy: [{ archivedAt: "asc" }, { createdAt: "desc" }],
    take: 200,
  });
  // Revenue: what the paid orders that used each code charged, less what settled refunds gave back.
  const revenue = await prisma.$queryRaw<{ code: string; revenue: bigint }[]>`
    SELECT o."discount_code" AS "code", sum(o."total"::bigint - coalesce((
      SELECT sum(r."amount") FROM "refunds" r WHERE r."order_id" = o."id" AND r."status" = 'reembolsado'
    ), 0)) AS "revenue"
    FROM "orders" o
    WHERE o."discount_code" = ANY(${rows.map((r) => r.code)}::text[]) AND o."paid_at" IS NOT NULL
    GROUP BY o."discount_code"`;
  const byCode = new Map(revenue.map((r) => [r.code, Number(r.revenue)]));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: DISCOUNT_KIND_LABEL[row.kind],
    discount: discountText(row),
    conditions: conditionsText(row),
    usedCount: row.usedCount,
    usageLimit: row.usageLimit,
    revenue: byCode.get(row.code) ?? 0,
    archived: row.archivedAt !== null,
  }));
}

/** What the audit trail keeps of a code: its text, its discount and its conditions, as the list says them. */
export function auditValue(
  row: Parameters<typeof discountText>[0] & Parameters<typeof conditionsText>[0] & { code: string },
) {
  return { cupon: row.code, descuento: discountText(row), condiciones: conditionsText(row) };
}

/** A code's text is unique: the field's Spanish answer when another code has it. */
export const DUPLICATE_CODE = "Ya existe un cupón con ese código";

/** Whether `error` is the unique index refusing a code's text (the other code took it first). */
export function isDuplicateCode(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export type CreateOutcome = { ok: true } | { ok: false; field: "code"; message: string };

export async function createDiscountCode(actor: Actor, input: DiscountCodeInput): Promise<CreateOutcome> {
  try {
    await prisma.$transaction(async (tx) => {
      const row = await tx.discountCode.create({ data: input });
      await recordAudit(tx, actor, { action: "discount_code", before: null, after: auditValue(row) });
    });
    return { ok: true };
  } catch (error) {
    if (isDuplicateCode(error)) return { ok: false, field: "code", message: DUPLICATE_CODE };
    throw error;
  }
}

/** Archives (or restores) a code: an archived code no longer applies, its uses stay counted. */
export async function setDiscountCodeArchived(actor: Actor, id: number, archived: boolean): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.discountCode.findUnique({ where: { id }, select: { code: true, archivedAt: true } });
    if (!row || (row.archivedAt !== null) === archived) return false;
    await tx.discountCode.update({ where: { id }, data: { archivedAt: archived ? new Date() : null } });
    await recordAudit(tx, actor, {
      action: "discount_code",
      before: { cupon: row.code, archivado: archived ? "No" : "Sí" },
      after: { cupon: row.code, archivado: archived ? "Sí" : "No" },
    });
    return true;
  });
}
