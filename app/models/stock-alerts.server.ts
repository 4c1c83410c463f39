import { randomBytes } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { queueEmail } from "~/utils/email.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import { backInStockEmail } from "./stock-alert-emails.server";

/**
 * Back-in-stock alerts (docs/decisions/056-back-in-stock-alerts.md): "Avísame cuando vuelva" on a
 * sold-out piece or size, one e-mail through the outbox when it is back, in the order they were asked.
 *
 * Sending is a sweep (`sendDueStockAlerts`) that any number of instances may run at once: it claims the
 * due requests with FOR UPDATE SKIP LOCKED and, in the same transaction, queues each one's e-mail and
 * marks it notified, so each request gets exactly one e-mail however many restocks race. It runs after
 * every committed catalogue change (stock edits, imports, released reservations, returns: every path
 * reports to `catalogChanged`) and every minute as a safety net.
 */

export type AlertRefusal = "not_found" | "in_stock";

/** Asks for an e-mail when the piece (`variantId` null) or size is back; refused while it is in stock. */
export async function requestStockAlert(input: {
  productId: number;
  variantId: number | null;
  email: string;
  userId: string | null;
}): Promise<{ ok: true } | { ok: false; reason: AlertRefusal }> {
  const product = await prisma.product.findFirst({
    where: { id: input.productId, archivedAt: null, inStock: true },
    select: {
      stock: true,
      variants: input.variantId === null ? false : { where: { id: input.variantId, archivedAt: null } },
    },
  });
  if (!product) return { ok: false, reason: "not_found" };
  const variant = input.variantId === null ? null : (product.variants?.[0] ?? null);
  if (input.variantId !== null && !variant) return { ok: false, reason: "not_found" };
  if ((variant ? variant.stock : product.stock) > 0) return { ok: false, reason: "in_stock" };
  const target = input.variantId === null ? `p:${input.productId}` : `v:${input.variantId}`;
  const email = input.email.trim().toLowerCase();
  // Asked again after an e-mail: waiting again, at the end of the line. Asked twice while waiting: once.
  await prisma.$executeRaw`
    INSERT INTO "stock_alerts" ("product_id", "variant_id", "target", "email", "user_id", "token")
    VALUES (${input.productId}, ${input.variantId}, ${target}, ${email}, ${input.userId}::uuid,
      ${randomBytes(24).toString("base64url")})
    ON CONFLICT ("target", "email") DO UPDATE SET
      "created_at" = CASE WHEN "stock_alerts"."notified_at" IS NULL THEN "stock_alerts"."created_at" ELSE now() END,
      "notified_at" = NULL,
      "user_id" = COALESCE(EXCLUDED."user_id", "stock_alerts"."user_id")`;
  return { ok: true };
}

/** Removes the request of an unsubscribe link; false for an unknown or used token. */
export async function cancelStockAlert(token: string): Promise<boolean> {
  const { count } = await prisma.stockAlert.deleteMany({ where: { token } });
  return count > 0;
}

/** Whether `email` waits for the piece or size (the product page shows "Te avisaremos"). */
export async function isWaiting(productId: number, variantId: number | null, email: string): Promise<boolean> {
  const target = variantId === null ? `p:${productId}` : `v:${variantId}`;
  const row = await prisma.stockAlert.findFirst({ where: { target, email, notifiedAt: null }, select: { id: true } });
  return row !== null;
}

/** The waiting list of a product for staff: who waits for what, first asked first. */
export function waitingList(productId: number) {
  return prisma.stockAlert.findMany({
    where: { productId, notifiedAt: null },
    select: { id: true, email: true, createdAt: true, variant: { select: { name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** How many requests one sweep claims at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

type DueRow = { id: number; email: string; token: string; productId: number; name: string; variant: string | null };

/**
 * Queues the e-mail of every request whose piece or size is back (on sale, not archived, in stock),
 * first asked first, and marks them notified, in one transaction; returns how many were sent.
 */
export async function sendDueStockAlerts(batch = SWEEP_BATCH): Promise<number> {
  const deliveries: (() => void)[] = [];
  const origin = configuredOrigin();
  const sent = await prisma.$transaction(async (tx) => {
    const due = await tx.$queryRaw<DueRow[]>`
      SELECT a."id", a."email", a."token", a."product_id" AS "productId", p."name", v."name" AS "variant"
      FROM "stock_alerts" a
      JOIN "products" p ON p."id" = a."product_id"
      LEFT JOIN "product_variants" v ON v."id" = a."variant_id"
      WHERE a."notified_at" IS NULL AND p."archived_at" IS NULL AND p."in_stock"
        AND CASE WHEN a."variant_id" IS NULL THEN p."stock" > 0
                 ELSE v."archived_at" IS NULL AND v."stock" > 0 END
      ORDER BY a."created_at", a."id"
      LIMIT ${batch}
      FOR UPDATE OF a SKIP LOCKED`;
    for (const row of due) {
      const content = backInStockEmail({
        name: row.name,
        variant: row.variant,
        link: `${origin}/producto/${row.productId}`,
        unsubscribe: `${origin}/avisame/cancelar?token=${encodeURIComponent(row.token)}`,
      });
      const { deliver } = await queueEmail(tx, { to: row.email, kind: "back-in-stock", ...content });
      deliveries.push(deliver);
    }
    if (due.length > 0) {
      await tx.$executeRaw`UPDATE "stock_alerts" SET "notified_at" = now()
        WHERE "id" IN (${Prisma.join(due.map((r) => r.id))})`;
    }
    return due.length;
  });
  for (const deliver of deliveries) deliver();
  return sent;
}

let sweeping: Promise<void> | null = null;
let again = false;

/**
 * Runs the sweep soon, without making the caller wait: one at a time in this process, and once more
 * after the one running when asked during it (it may have read before the change committed).
 */
export function kickStockAlerts(): void {
  if (sweeping) {
    again = true;
    return;
  }
  sweeping = (async () => {
    do {
      again = false;
      const sent = await sendDueStockAlerts();
      if (sent > 0) logger.info({ sent }, "back-in-stock e-mails queued");
    } while (again);
  })()
    .catch((error: unknown) => logger.error({ err: error }, "back-in-stock sweep failed"))
    .finally(() => {
      sweeping = null;
    });
}
