import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { issueGlobalInvoice } from "~/invoicing/global-invoice.server";
import { adminInvoice, listInvoices, orderInvoiceFor, retryInvoice } from "~/invoicing/admin-invoices.server";
import { substituteInvoice } from "~/invoicing/invoice-substitute.server";
import { invoiceFile, invoiceLinksForUser, invoicePageOrder } from "~/invoicing/invoice-views.server";
import { requestInvoice } from "~/invoicing/invoice.server";
import { staffCancelInvoice } from "~/invoicing/staff-cancel.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { computeTotals } from "~/lib/checkout";
import { settleRefund } from "~/models/refund-settlement.server";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { invoiceThrough } from "./pac-helpers";
import { createUser, resetDatabase } from "../db-utils";

/**
 * An order's invoice history (issue 34, docs/decisions/035 "Invoice history"), against the PAC simulator
 * on the test's database: after a cancellation with 02 the shopper asks again and a second invoice is
 * stamped (once, however many requests at once); staff's *Sustituir* stamps the substitute relating the
 * old UUID (TipoRelacion 04) and cancels the old one with 01, once; a credit note relates the live
 * invoice; an order invoiced to a person stays out of the factura global even once that invoice is cancelled.
 */

const TOKEN = "pac_test_history";
let pac: Awaited<ReturnType<typeof startPacSimulator>>;
const saved = { ...process.env };
const actor = { id: null, email: "contadora@example.test" };
const DAY = new Date("2026-11-10T18:00:00Z");
const NOW = new Date("2026-11-12T18:00:00Z");

const WRONG = {
  rfc: "EKU9003173C9",
  name: "ESCUELA KEMPER URGATE",
  regimen: "601",
  uso: "G03",
  zip: "42501",
  email: "compras@kemper.example",
};
const RIGHT = { ...WRONG, uso: "G01", email: "conta@kemper.example" };

let counter = 0;
async function paidOrder(paidAt = DAY) {
  const user = await createUser();
  counter += 1;
  const items = [
    { price: 1_250_000, quantity: 1, productName: "Anillo solitario" },
    { price: 33_333, quantity: 2, productName: "Dije de plata" },
  ];
  const totals = computeTotals(
    items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
    { ivaIncluded: true },
  );
  const order = await prisma.order.create({
    data: {
      number: `LJ${String(9_500_000_000 + counter)}`,
      userId: user.id,
      email: "ana@example.test",
      status: "procesando",
      ...totals,
      paymentMethod: "card",
      paidAt,
      items: { create: items },
    },
    include: { items: { orderBy: { id: "asc" } } },
  });
  return { user, order };
}

async function invoicedOrder(paidAt = DAY) {
  const { user, order } = await paidOrder(paidAt);
  const issued = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: WRONG, now: NOW });
  expect(issued.status).toBe("issued");
  const invoice = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
  return { user, order, invoice };
}

const invoicesOf = (orderId: number) => prisma.invoice.findMany({ where: { orderId }, orderBy: { folio: "asc" } });

beforeEach(async () => {
  await resetDatabase();
  pac = await startPacSimulator({ token: TOKEN, delayMs: 150 });
  invoiceThrough(pac, TOKEN, "JH", { INVOICE_GLOBAL_PERIOD: "diaria", APP_ORIGIN: "https://tienda.example" });
});

afterEach(async () => {
  await pac.stop();
});

afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

describe("asking again after a cancellation with 02", () => {
  it("stamps a second invoice once, however many requests arrive together, and lists both", async () => {
    const { user, order, invoice } = await invoicedOrder();
    expect(await staffCancelInvoice({ invoiceId: invoice.id, motive: "02", actor })).toMatchObject({
      status: "cancelled",
    });
    const before = await invoicePageOrder(user.id, order.number, NOW);
    expect(before).toMatchObject({ refusal: null, invoice: null });
    expect(before!.previous.map((row) => row.folio)).toEqual([invoice.folio]);
    expect((await invoiceLinksForUser(user.id, NOW))[order.number]).toMatchObject({ state: "solicitar" });

    const ask = () => requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RIGHT, now: NOW });
    const results = await Promise.all([ask(), ask(), ask()]);
    const issued = results.filter((r) => r.status === "issued");
    expect(issued.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === "issued" || r.status === "in-progress")).toBe(true);
    const rows = await invoicesOf(order.id);
    expect(rows.map((row) => row.status)).toEqual(["cancelada", "emitida"]);
    expect(pac.stampCount()).toBe(2);
    expect(rows[1]).toMatchObject({ uso: "G01", replacesInvoiceId: null });
    // Asked again once stamped: the same invoice.
    expect(await ask()).toEqual({ status: "issued", uuid: rows[1]!.uuid });

    const page = await invoicePageOrder(user.id, order.number, NOW);
    expect(page!.invoice).toMatchObject({ folio: rows[1]!.folio, status: "emitida" });
    expect(page!.previous.map((row) => row.folio)).toEqual([invoice.folio]);
    const link = (await invoiceLinksForUser(user.id, NOW))[order.number]!;
    expect(link).toMatchObject({ state: "emitida", uuid: rows[1]!.uuid });
    expect(link.stamped.map((row) => [row.folio, row.status])).toEqual([
      [rows[1]!.folio, "emitida"],
      [invoice.folio, "cancelada"],
    ]);
    // Both downloadable by folio; without one, the current invoice.
    const viewer = { userId: user.id, anyOwner: false };
    expect((await invoiceFile(order.number, "xml", viewer, invoice.folio))!.body.toString()).toContain(invoice.uuid!);
    expect((await invoiceFile(order.number, "xml", viewer))!.body.toString()).toContain(rows[1]!.uuid!);
    expect(await orderInvoiceFor(order.id)).toEqual({ state: "Emitida", uuid: rows[1]!.uuid, total: rows[1]!.total });
  });

  it("the database keeps one live invoice per order behind the lock", async () => {
    const { order, invoice } = await invoicedOrder();
    const { id: _id, folio: _folio, uuid: _uuid, createdAt: _c, updatedAt: _u, ...copy } = invoice;
    await expect(prisma.invoice.create({ data: { ...copy, status: "emitiendo", xml: null } })).rejects.toBeInstanceOf(
      Prisma.PrismaClientKnownRequestError,
    );
    await prisma.invoice.update({ where: { id: invoice.id }, data: { status: "cancelada", cancelMotive: "02" } });
    await prisma.invoice.create({ data: { ...copy, orderId: order.id, status: "error", xml: null } });
    expect(await prisma.invoice.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("a refunded order's cancelled invoice is not asked for again", async () => {
    const { user, order, invoice } = await invoicedOrder(new Date());
    const refund = await prisma.refund.create({
      data: {
        orderId: order.id,
        status: "pendiente",
        method: "card",
        amount: order.total,
        items: { pieces: [], giftWrap: 0 },
        reason: "Devolución",
        providerRefundId: `re_${order.id}`,
        requestedByEmail: "staff@example.test",
      },
    });
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    await vi.waitFor(
      async () =>
        expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("cancelada"),
      { timeout: 10_000 },
    );
    expect((await invoiceLinksForUser(user.id))[order.number]).toMatchObject({ state: "cancelada" });
    expect((await invoicePageOrder(user.id, order.number))!.invoice).toMatchObject({ cancelMotive: "03" });
    const again = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RIGHT });
    expect(again.status).toBe("refused");
  });
});

describe("staff's substitution (motive 01)", () => {
  it("stamps the substitute relating the old UUID with 04, then cancels the old with 01, once under double submission", async () => {
    const { user, order, invoice } = await invoicedOrder();
    const substitute = () => substituteInvoice({ invoiceId: invoice.id, receptor: RIGHT, actor });
    const results = await Promise.all([substitute(), substitute()]);
    const done = results.find((r) => r.status === "substituted");
    expect(done).toBeDefined();
    expect(pac.stampCount()).toBe(2);
    expect(pac.cancelCount()).toBe(1);
    const [old, fresh] = await invoicesOf(order.id);
    expect(fresh).toMatchObject({ status: "emitida", replacesInvoiceId: invoice.id, uso: "G01" });
    expect(fresh!.xml).toContain(
      `<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${invoice.uuid}"/>`,
    );
    expect(old).toMatchObject({ status: "cancelada", cancelMotive: "01", cancelSubstitute: fresh!.uuid });
    expect(old!.cancelAcuse).toContain("<Motivo>01</Motivo>");
    // Sent again later: the same substitute, nothing more at the PAC.
    expect(await substitute()).toMatchObject({ status: "substituted", uuid: fresh!.uuid });
    expect(pac.stampCount()).toBe(2);
    const audit = await prisma.auditEntry.findMany({ where: { orderId: order.id, action: "invoice" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ motive: "01", substitute: fresh!.uuid });

    const link = (await invoiceLinksForUser(user.id, NOW))[order.number]!;
    expect(link.stamped.map((row) => row.status)).toEqual(["emitida", "cancelada"]);
    expect((await adminInvoice(invoice.id))!.replacedBy).toMatchObject({ id: fresh!.id });
    const rows = (await listInvoices(1)).items;
    expect(rows.find((row) => row.id === fresh!.id)).toMatchObject({ replacesUuid: invoice.uuid });
    // The shopper gets the new invoice and the cancellation's e-mail.
    const kinds = (await prisma.outboxEmail.findMany({ select: { kind: true, to: true } })).map((e) => e.kind);
    expect(kinds.filter((kind) => kind === "invoice-cancelled")).toHaveLength(1);
  });

  it("a substitute the PAC rejects leaves the old invoice valid; correcting it again stamps that same row", async () => {
    const { order, invoice } = await invoicedOrder();
    const bad = await substituteInvoice({ invoiceId: invoice.id, receptor: { ...RIGHT, zip: "01000" }, actor });
    expect(bad.status).toBe("rejected");
    let [old, fresh] = await invoicesOf(order.id);
    expect(old).toMatchObject({ status: "emitida", cancelMotive: "01" });
    expect(fresh).toMatchObject({ status: "error", replacesInvoiceId: invoice.id });
    // Staff cannot cancel it with 02 meanwhile, nor does a shopper's request take the substitute's place.
    expect(await staffCancelInvoice({ invoiceId: invoice.id, motive: "02", actor })).toMatchObject({
      status: "refused",
    });
    const retried = await retryInvoice(fresh!.id, actor);
    expect(retried).toMatchObject({ status: "rejected" });
    const good = await substituteInvoice({ invoiceId: invoice.id, receptor: RIGHT, actor });
    expect(good.status).toBe("substituted");
    [old, fresh] = await invoicesOf(order.id);
    expect(await prisma.invoice.count({ where: { orderId: order.id } })).toBe(2);
    expect(fresh).toMatchObject({ status: "emitida", zip: "42501" });
    expect(old).toMatchObject({ status: "cancelada", cancelSubstitute: fresh!.uuid });
  });

  it("a credit note after the substitution relates the substitute's UUID", async () => {
    const { order, invoice } = await invoicedOrder(new Date());
    expect((await substituteInvoice({ invoiceId: invoice.id, receptor: RIGHT, actor })).status).toBe("substituted");
    const fresh = await prisma.invoice.findUniqueOrThrow({ where: { replacesInvoiceId: invoice.id } });
    const piece = order.items[1]!;
    const amount = piece.price + Math.round((piece.price * 16) / 100);
    const refund = await prisma.refund.create({
      data: {
        orderId: order.id,
        status: "pendiente",
        method: "card",
        amount,
        items: { pieces: [{ orderItemId: piece.id, quantity: 1, amount }], giftWrap: 0 },
        reason: "Devolución",
        providerRefundId: `re_${order.id}`,
        requestedByEmail: "staff@example.test",
      },
    });
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    await vi.waitFor(
      async () =>
        expect((await prisma.creditNote.findUnique({ where: { refundId: refund.id } }))?.status).toBe("emitida"),
      { timeout: 10_000 },
    );
    const note = await prisma.creditNote.findUniqueOrThrow({ where: { refundId: refund.id } });
    expect(note).toMatchObject({ invoiceId: fresh.id, relatedUuid: fresh.uuid, rfc: RIGHT.rfc });
  });
});

describe("the factura global and an order's cancelled invoice", () => {
  it("an order whose invoice was cancelled with 02 stays out of the global; one whose invoice failed is in it", async () => {
    const cancelled = await invoicedOrder();
    await staffCancelInvoice({ invoiceId: cancelled.invoice.id, motive: "02", actor });
    const failed = await paidOrder();
    pac.failNext("unavailable");
    const attempt = await requestInvoice({
      userId: failed.user.id,
      orderNumber: failed.order.number,
      receptor: WRONG,
      now: NOW,
    });
    expect(attempt.status).toBe("unavailable");
    const result = await issueGlobalInvoice({ day: DAY, staffEmail: "admin@example.test", now: NOW });
    expect(result).toMatchObject({ status: "issued", orders: 1 });
    const covered = await prisma.globalInvoiceOrder.findMany({ select: { orderId: true } });
    expect(covered).toEqual([{ orderId: failed.order.id }]);
  });
});
