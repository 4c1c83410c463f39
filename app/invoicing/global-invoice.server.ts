import { formaPagoFor } from "~/lib/cfdi/catalogs";
import { buildComprobante } from "~/lib/cfdi/comprobante";
import { GLOBAL_RECEPTOR, globalConcepts, type GlobalPeriod, globalPeriodOf } from "~/lib/cfdi/global";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { INVOICE_MESSAGES, INVOICEABLE_STATUSES } from "./invoice-rules";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { issueCfdi } from "./pac-client.server";
import { issuingSettings } from "./issuer.server";

/**
 * The factura global (docs/decisions/035): an admin issues, for a period of INVOICE_GLOBAL_PERIOD that has
 * ended, one CFDI to PUBLICO EN GENERAL covering the orders paid in it and not invoiced to a person (no
 * stamped invoice of theirs; one whose request failed is covered too), each order in one global invoice
 * at most. Exactly once per period: the period's row (unique key) is claimed before the PAC is called, its
 * orders are linked in the same transaction (locked as a shopper's own request locks them), and a retry
 * sends the same Serie and Folio, which the PAC answers with the earlier stamp.
 */

const CLAIM_MS = 90_000;
/**
 * Invoice statuses that keep an order out of the global invoice: it is, or is being, invoiced to a person
 * — or was, and that invoice was cancelled (a cancelled-with-02 order waits for its corrected invoice,
 * docs/decisions/035 "Invoice history"). An invoice in error does not.
 */
const PERSONAL = ["emitiendo", "emitida", "cancelando", "cancelada"];

export type GlobalIssueResult =
  | { status: "issued"; uuid: string; orders: number; period: GlobalPeriod }
  | { status: "refused" | "in-progress" | "failed"; message: string };

type Claimed = { id: string; folio: number; series: string };

export async function issueGlobalInvoice(input: {
  day: Date;
  staffEmail: string;
  now?: Date;
}): Promise<GlobalIssueResult> {
  const settings = await issuingSettings();
  if (!settings) return { status: "refused", message: INVOICE_MESSAGES.off };
  const now = input.now ?? new Date();
  const period = globalPeriodOf(settings.globalPeriod, input.day);
  if (period.end > now)
    return {
      status: "refused",
      message: `El periodo ${period.label} aún no termina: su factura global se emite cuando acaba.`,
    };
  const claim = await claimPeriod(period, `${settings.series}G`, input.staffEmail, now);
  if ("status" in claim) return claim;

  const orders = await salesKept(prisma, { globalInvoice: { globalInvoiceId: claim.id } });
  const amounts = globalConcepts(orders);
  const comprobante = {
    ...buildComprobante({
      issuer: settings.issuer,
      receptor: { ...GLOBAL_RECEPTOR, zip: settings.issuer.zip },
      amounts,
      series: claim.series,
      folio: claim.folio,
      date: now,
      formaPago: largestFormaPago(orders),
      metodoPago: "PUE",
    }),
    InformacionGlobal: { Periodicidad: period.periodicidad, Meses: period.meses, Año: String(period.year) },
  };
  const answer = await issueCfdi(settings, comprobante, { rfc: GLOBAL_RECEPTOR.rfc, total: comprobante.Total });
  if (!answer.ok) {
    const message = answer.kind === "rejected" ? answer.message : answer.reason;
    await prisma.globalInvoice.update({
      where: { id: claim.id },
      data: { status: "error", claimedUntil: null, errorMessage: message },
    });
    logger.warn({ period: period.key, pac: message }, "global invoice not stamped");
    return { status: "failed", message: `El PAC no emitió la factura global: ${message}` };
  }
  await prisma.globalInvoice.update({
    where: { id: claim.id },
    data: {
      status: "emitida",
      // What it declares (a retry may follow a refund settled since the first attempt).
      subtotal: amounts.subtotal,
      tax: amounts.tax,
      total: amounts.total,
      uuid: answer.stamp.uuid,
      xml: answer.stamp.cfdi,
      stampedAt: now,
      claimedUntil: null,
      errorMessage: null,
    },
  });
  logger.info({ period: period.key, uuid: answer.stamp.uuid, orders: orders.length }, "global invoice stamped");
  return { status: "issued", uuid: answer.stamp.uuid, orders: orders.length, period };
}

/**
 * The sales of `where`, each for what the shop kept: its total less the refunds settled before the
 * global invoice (a sale partly refunded before it is declared for what was kept; a refund settled
 * after it gets its own egreso related to it, decision 050, and is not subtracted twice). A sale with
 * nothing kept is left out (a whole refund makes it _reembolsado_, which is not invoiced at all).
 */
async function salesKept(db: Prisma.TransactionClient, where: Prisma.OrderWhereInput) {
  const orders = await db.order.findMany({
    where,
    select: { id: true, number: true, total: true, paymentMethod: true, cardFunding: true },
    orderBy: { id: "asc" },
  });
  const refunds = await db.refund.findMany({
    where: { orderId: { in: orders.map((order) => order.id) }, status: "reembolsado" },
    select: { id: true, orderId: true, amount: true },
  });
  const withEgreso = await db.creditNote.findMany({
    where: { refundId: { in: refunds.map((refund) => refund.id) } },
    select: { refundId: true },
  });
  const corrected = new Set(withEgreso.map((note) => note.refundId));
  const given = new Map<number, number>();
  for (const refund of refunds) {
    if (!corrected.has(refund.id)) given.set(refund.orderId, (given.get(refund.orderId) ?? 0) + refund.amount);
  }
  return orders
    .map((order) => ({ ...order, total: order.total - (given.get(order.id) ?? 0) }))
    .filter((order) => order.total > 0);
}

/** SAT's rule for a global invoice paid in several ways: the payment form of the largest amount. */
function largestFormaPago(
  orders: { total: number; paymentMethod: string | null; cardFunding: string | null }[],
): string {
  const sums = new Map<string, number>();
  for (const order of orders) {
    const forma = formaPagoFor(order.paymentMethod, order.cardFunding);
    sums.set(forma, (sums.get(forma) ?? 0) + order.total);
  }
  return [...sums.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "99";
}

/** The period's row: created with its orders linked, or taken over when its last attempt failed. */
async function claimPeriod(
  period: GlobalPeriod,
  series: string,
  staffEmail: string,
  now: Date,
): Promise<Claimed | GlobalIssueResult> {
  const lease = new Date(now.getTime() + CLAIM_MS);
  try {
    const created = await prisma.$transaction(async (tx) => {
      const ids = await tx.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "orders"
        WHERE "paid_at" >= ${period.start} AND "paid_at" < ${period.end}
          AND "status" IN (${Prisma.join([...INVOICEABLE_STATUSES])})
        ORDER BY "id" FOR UPDATE`;
      const orders = await salesKept(tx, {
        id: { in: ids.map((row) => row.id) },
        globalInvoice: null,
        invoices: { none: { status: { in: PERSONAL } } },
      });
      if (orders.length === 0) return null;
      const amounts = globalConcepts(orders);
      const row = await tx.globalInvoice.create({
        data: {
          periodKey: period.key,
          periodicidad: period.periodicidad,
          meses: period.meses,
          year: period.year,
          status: "emitiendo",
          series,
          subtotal: amounts.subtotal,
          tax: amounts.tax,
          total: amounts.total,
          claimedUntil: lease,
          attempts: 1,
          requestedByEmail: staffEmail,
          orders: { create: orders.map((order) => ({ orderId: order.id })) },
        },
      });
      return { id: row.id, folio: row.folio, series: row.series };
    });
    if (created) return created;
    if (!(await prisma.globalInvoice.findUnique({ where: { periodKey: period.key } })))
      return { status: "refused", message: `No hay ventas sin factura en el periodo ${period.label}.` };
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") throw error;
  }
  const taken = await prisma.globalInvoice.updateMany({
    where: { periodKey: period.key, OR: [{ status: "error" }, { status: "emitiendo", claimedUntil: { lt: now } }] },
    data: { status: "emitiendo", claimedUntil: lease, attempts: { increment: 1 } },
  });
  const row = await prisma.globalInvoice.findUniqueOrThrow({ where: { periodKey: period.key } });
  if (taken.count === 1) return { id: row.id, folio: row.folio, series: row.series };
  if (row.status === "emitida" && row.uuid) {
    const orders = await prisma.globalInvoiceOrder.count({ where: { globalInvoiceId: row.id } });
    return { status: "issued", uuid: row.uuid, orders, period };
  }
  return { status: "in-progress", message: "La factura global de ese periodo se está emitiendo en este momento." };
}

/** Why a shopper may not have this order invoiced to them: it is in a global invoice already. */
export async function globalInvoiceRefusal(orderId: number, tx: Prisma.TransactionClient = prisma) {
  const link = await tx.globalInvoiceOrder.findUnique({
    where: { orderId },
    select: { globalInvoice: { select: { series: true, folio: true } } },
  });
  if (!link) return null;
  const { series, folio } = link.globalInvoice;
  return `Esta compra ya está incluida en la factura global de la tienda (${series}-${folio}, a PUBLICO EN GENERAL): el SAT no permite facturar dos veces una venta, así que ya no podemos emitirla a tu nombre. Escríbenos si necesitas aclararlo.`;
}

/** /admin/facturas' list of global invoices, newest first. */
export async function listGlobalInvoices() {
  const rows = await prisma.globalInvoice.findMany({
    orderBy: { createdAt: "desc" },
    take: 24,
    select: {
      id: true,
      periodKey: true,
      status: true,
      series: true,
      folio: true,
      uuid: true,
      total: true,
      errorMessage: true,
      createdAt: true,
      _count: { select: { orders: true } },
    },
  });
  return rows.map(({ _count, ...row }) => ({ ...row, orders: _count.orders }));
}

/**
 * `<id>.xml` or `<id>.pdf` of a stamped global invoice (file name "AG-3-<UUID>.xml"), or null: the CFDI
 * itself, or its printed representation (the same renderer as every invoice).
 */
export async function globalInvoiceFile(
  typedFile: string,
): Promise<{ filename: string; contentType: string; body: Buffer } | null> {
  const file = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(xml|pdf)$/i.exec(typedFile);
  if (!file) return null;
  const row = await prisma.globalInvoice.findUnique({
    where: { id: file[1]!.toLowerCase() },
    select: { series: true, folio: true, uuid: true, xml: true },
  });
  if (!row?.xml || !row.uuid) return null;
  const base = `${row.series}-${row.folio}-${row.uuid}`;
  if (file[2]!.toLowerCase() === "xml") {
    return { filename: `${base}.xml`, contentType: "application/xml; charset=utf-8", body: Buffer.from(row.xml) };
  }
  return { filename: `${base}.pdf`, contentType: "application/pdf", body: await renderInvoicePdf(row.xml) };
}

/** The admin form's day ("2026-11-27", Mexico City): noon of that day, or null. */
export function parseGlobalDay(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T12:00:00-06:00`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value ? null : day;
}
