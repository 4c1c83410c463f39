import { Prisma } from "~/generated/prisma/client";
import { SUBSTITUTION_MOTIVE } from "~/lib/cfdi/invoice-history";
import { prisma } from "~/utils/db.server";
import { globalInvoiceRefusal } from "./global-invoice.server";
import { INVOICE_MESSAGES } from "./invoice-rules";
import type { InvoiceRequestResult } from "./invoice.server";

/**
 * Claiming the row of the invoice about to be stamped (docs/decisions/035 "Invoice history"), in one
 * transaction with the order's row locked — as the factura global, the refund and every other claim lock
 * it — so two requests for the same order are answered one after the other: the first creates (or takes
 * over) the row and holds a lease while it talks to the PAC; the second finds it. The row's Serie and
 * Folio are the PAC's idempotency key, so a retry of the same row never stamps twice. The partial unique
 * index `invoices_one_live_per_order` is the database's own guard behind the lock.
 */

type Tx = Prisma.TransactionClient;
export type InvoiceData = Omit<Prisma.InvoiceUncheckedCreateInput, "orderId" | "series">;
export type Claim =
  { status: "claimed"; id: string; series: string; folio: number } | { status: "taken"; result: InvoiceRequestResult };

/** The order's invoice that holds it (not cancelled, not being replaced), as `holdsTheOrder` reads it. */
export const HOLDS_THE_ORDER = {
  status: { not: "cancelada" },
  OR: [{ cancelMotive: null }, { cancelMotive: { not: SUBSTITUTION_MOTIVE } }],
} satisfies Prisma.InvoiceWhereInput;

/** The order's own invoice: created, or taken over when its last attempt failed or its lease ran out. */
export async function claimInvoice(orderId: number, series: string, data: InvoiceData, now: Date): Promise<Claim> {
  return claimIn(orderId, async (tx) => {
    const inGlobal = await globalInvoiceRefusal(orderId, tx);
    if (inGlobal) return { status: "taken", result: { status: "refused", message: inGlobal } };
    const live = await tx.invoice.findFirst({ where: { orderId, ...HOLDS_THE_ORDER } });
    if (!live) return created(await tx.invoice.create({ data: { ...data, orderId, series, attempts: 1 } }));
    if (live.replacesInvoiceId)
      return { status: "taken", result: { status: "refused", message: INVOICE_MESSAGES.substituting } };
    return takeOver(tx, live, data, now);
  });
}

/**
 * The substitute of a stamped invoice (SAT motive 01): its row relates the one it replaces
 * (`replaces_invoice_id`, unique: one substitute each), which is marked as being replaced (motive 01,
 * still *emitida*: valid until the substitute exists) in the same transaction. A second submission finds
 * the substitute's row and takes it over only when its last attempt failed.
 */
export async function claimSubstitute(
  replaced: { id: string; orderId: number },
  series: string,
  data: InvoiceData,
  now: Date,
): Promise<Claim> {
  return claimIn(replaced.orderId, async (tx) => {
    const existing = await tx.invoice.findUnique({ where: { replacesInvoiceId: replaced.id } });
    if (existing) return takeOver(tx, existing, data, now);
    const marked = await tx.invoice.updateMany({
      where: { id: replaced.id, status: "emitida", uuid: { not: null }, cancelMotive: null },
      data: { cancelMotive: SUBSTITUTION_MOTIVE },
    });
    if (marked.count === 0)
      return { status: "taken", result: { status: "refused", message: INVOICE_MESSAGES.notStamped } };
    const row = await tx.invoice.create({
      data: { ...data, orderId: replaced.orderId, series, attempts: 1, replacesInvoiceId: replaced.id },
    });
    return created(row);
  });
}

async function claimIn(orderId: number, body: (tx: Tx) => Promise<Claim>): Promise<Claim> {
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "orders" WHERE "id" = ${orderId} FOR UPDATE`;
      return body(tx);
    });
  } catch (error) {
    // The index behind the lock: another request holds the order's live invoice.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") throw error;
    return { status: "taken", result: { status: "in-progress", message: INVOICE_MESSAGES.inProgress } };
  }
}

function created(row: { id: string; series: string; folio: number }): Claim {
  return { status: "claimed", id: row.id, series: row.series, folio: row.folio };
}

type Row = {
  id: string;
  series: string;
  folio: number;
  status: string;
  uuid: string | null;
  claimedUntil: Date | null;
};

/** Takes over a row in error or whose lease ran out; otherwise says what it is. */
async function takeOver(tx: Tx, row: Row, data: InvoiceData, now: Date): Promise<Claim> {
  const stale = row.status === "emitiendo" && (row.claimedUntil === null || row.claimedUntil < now);
  if (row.status === "error" || stale) {
    await tx.invoice.update({ where: { id: row.id }, data: { ...data, attempts: { increment: 1 } } });
    return created(row);
  }
  if (row.uuid && row.status === "emitida") return { status: "taken", result: { status: "issued", uuid: row.uuid } };
  if (row.status === "cancelada" || row.status === "cancelando")
    return { status: "taken", result: { status: "refused", message: INVOICE_MESSAGES.cancelled } };
  return { status: "taken", result: { status: "in-progress", message: INVOICE_MESSAGES.inProgress } };
}
