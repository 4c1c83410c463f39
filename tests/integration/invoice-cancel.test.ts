import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listInvoices, retryCancellation } from "~/invoicing/admin-invoices.server";
import { cancelOrderInvoice, markInvoiceForCancellation } from "~/invoicing/invoice-cancel.server";
import { invoiceLinksForUser } from "~/invoicing/invoice-views.server";
import { requestInvoice } from "~/invoicing/invoice.server";
import { staffCancelInvoice } from "~/invoicing/staff-cancel.server";
import { cancelCfdi } from "~/invoicing/pac-client.server";
import { getInvoicingSettings, resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { computeTotals } from "~/lib/checkout";
import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import { settleRefund } from "~/models/refund-settlement.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { invoiceThrough, TEST_ISSUER } from "./pac-helpers";
import { createUser, resetDatabase } from "../db-utils";

/**
 * Cancelling an order's CFDI when the order is refunded (issue 34, docs/decisions/035), against the
 * project's PAC simulator on the test's database: exactly once, with SAT motive 03 and the shopper's
 * e-mail, never in the way of the refund (a PAC failure leaves it for staff to retry, audited).
 */

const TOKEN = "pac_test_cancel";
const ISSUER_RFC = TEST_ISSUER.INVOICE_ISSUER_RFC;
type Simulator = Awaited<ReturnType<typeof startPacSimulator>>;
let pac: Simulator;
const saved = { ...process.env };

const RECEPTOR: FiscalProfileInput = {
  rfc: "EKU9003173C9",
  name: "ESCUELA KEMPER URGATE",
  regimen: "601",
  uso: "G03",
  zip: "42501",
  email: "compras@kemper.example",
};

let counter = 0;
async function invoicedOrder() {
  const user = await createUser();
  counter += 1;
  const items = [{ price: 1_250_000, quantity: 1, productName: "Anillo solitario" }];
  const totals = computeTotals(
    items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
    { ivaIncluded: true },
  );
  const order = await prisma.order.create({
    data: {
      number: `LJ${String(9_100_000_000 + counter)}`,
      userId: user.id,
      email: "ana@example.test",
      status: "procesando",
      ...totals,
      paymentMethod: "card",
      paidAt: new Date(),
      items: { create: items },
    },
  });
  const issued = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
  expect(issued.status).toBe("issued");
  return { user, order };
}

/** A card refund the provider has yet to confirm, as the refund screen leaves it. */
async function pendingRefund(orderId: number, amount: number) {
  return prisma.refund.create({
    data: {
      orderId,
      status: "pendiente",
      method: "card",
      amount,
      items: { pieces: [], giftWrap: 0 },
      reason: "Devolución",
      providerRefundId: `re_${orderId}_${amount}`,
      requestedByEmail: "staff@example.test",
    },
  });
}

const invoiceOf = (orderId: number) => prisma.invoice.findFirstOrThrow({ where: { orderId } });

beforeEach(async () => {
  await resetDatabase();
  pac = await startPacSimulator({ token: TOKEN });
  invoiceThrough(pac, TOKEN, "JC", { APP_ORIGIN: "https://tienda.example" });
});

afterEach(async () => {
  await pac.stop();
});

afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

describe("cancelling the CFDI of a refunded order", () => {
  it("cancels it once through the PAC with motive 03 when the refund settles, tells the shopper and shows it cancelled", async () => {
    const { user, order } = await invoicedOrder();
    const refund = await pendingRefund(order.id, order.total);
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("reembolsado");
    await vi.waitFor(async () => expect((await invoiceOf(order.id)).status).toBe("cancelada"), { timeout: 10_000 });
    const invoice = await invoiceOf(order.id);
    expect(invoice).toMatchObject({ cancelMotive: "03", cancelSubstitute: null, cancelError: null });
    expect(invoice.cancelAcuse).toContain(`<UUID>${invoice.uuid}</UUID>`);
    expect(pac.cancelCount()).toBe(1);
    // The same provider event again, and a late call: nothing more at the PAC, one e-mail.
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(false);
    expect(await cancelOrderInvoice(order.id)).toEqual({ status: "nothing" });
    expect(pac.cancelCount()).toBe(1);
    const emails = await prisma.outboxEmail.findMany({ where: { kind: "invoice-cancelled" } });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe(RECEPTOR.email);
    expect(emails[0]!.text).toContain(invoice.uuid!);
    expect(emails[0]!.text).toContain("03 — No se llevó a cabo la operación");
    expect((await invoiceLinksForUser(user.id))[order.number]?.state).toBe("cancelada");
    expect((await listInvoices(1)).items[0]).toMatchObject({ status: "cancelada", cancelMotive: "03" });
  });

  it("keeps the invoice of a partly refunded order", async () => {
    const { order } = await invoicedOrder();
    const refund = await pendingRefund(order.id, 10_000);
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    expect((await invoiceOf(order.id)).status).toBe("emitida");
    expect(pac.cancelCount()).toBe(0);
    // Its egreso instead (docs/decisions/050): an amount no line accounts for, as one concept.
    await vi.waitFor(
      async () =>
        expect((await prisma.creditNote.findUnique({ where: { refundId: refund.id } }))?.status).toBe("emitida"),
      { timeout: 10_000 },
    );
  });

  it("refunds even when the PAC fails, leaves the invoice for staff, whose retry cancels it and is audited", async () => {
    const { order } = await invoicedOrder();
    const refund = await pendingRefund(order.id, order.total);
    pac.failNext("unavailable");
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("reembolsado");
    await vi.waitFor(async () => expect((await invoiceOf(order.id)).cancelError).toMatch(/503|500/), {
      timeout: 10_000,
    });
    const row = (await listInvoices(1)).items[0]!;
    expect(row).toMatchObject({ status: "cancelando", cancelMotive: "03" });
    expect(await prisma.outboxEmail.count({ where: { kind: "invoice-cancelled" } })).toBe(0);

    const staff = await createUser({ role: "worker" });
    const actor = { id: staff.id, email: staff.email };
    expect(await retryCancellation(row.id, actor)).toEqual({ status: "cancelled", uuid: row.uuid });
    expect((await invoiceOf(order.id)).status).toBe("cancelada");
    expect(await retryCancellation(row.id, actor)).toBeNull();
    expect(pac.cancelCount()).toBe(1);
    expect(await prisma.outboxEmail.count({ where: { kind: "invoice-cancelled" } })).toBe(1);
    const audit = await prisma.auditEntry.findMany({
      where: { orderId: order.id, action: "invoice" },
      orderBy: { id: "asc" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: staff.email,
      before: { invoice: "cancelando", uuid: row.uuid, motive: "03" },
      after: { invoice: "cancelada" },
    });
  });

  it("cancels once when two callers race, and takes the PAC's 'already cancelled' after a lost answer", async () => {
    const first = await invoicedOrder();
    await prisma.$transaction((tx) => markInvoiceForCancellation(tx, first.order.id, "03"));
    const results = await Promise.all([cancelOrderInvoice(first.order.id), cancelOrderInvoice(first.order.id)]);
    expect(results.filter((r) => r.status === "cancelled")).toHaveLength(1);
    expect(pac.cancelCount()).toBe(1);

    // The PAC cancelled it but the answer never came back: the next attempt gets 202 and finishes.
    const second = await invoicedOrder();
    const { uuid } = await invoiceOf(second.order.id);
    await prisma.$transaction((tx) => markInvoiceForCancellation(tx, second.order.id, "03"));
    expect(
      await cancelCfdi(getInvoicingSettings()!, { issuerRfc: ISSUER_RFC, uuid: uuid!, motive: "03", substitute: null }),
    ).toMatchObject({
      ok: true,
      code: "201",
    });
    expect(await cancelOrderInvoice(second.order.id)).toEqual({ status: "cancelled", uuid });
    expect((await invoiceOf(second.order.id)).cancelAcuse).toContain("<EstatusUUID>202</EstatusUUID>");
    expect(await prisma.outboxEmail.count({ where: { kind: "invoice-cancelled" } })).toBe(2);
  });

  it("the PAC refuses motive 01 without a substitute that relates the invoice (TipoRelacion 04)", async () => {
    const { order } = await invoicedOrder();
    const { uuid } = await invoiceOf(order.id);
    const settings = getInvoicingSettings()!;
    expect(
      await cancelCfdi(settings, { issuerRfc: ISSUER_RFC, uuid: uuid!, motive: "01", substitute: null }),
    ).toMatchObject({
      ok: false,
      kind: "rejected",
      message: expect.stringMatching(/folio de sustitución/) as unknown,
    });
    const unknown = "5FB2822E-396A-4E4B-8F5C-2B4E1C9E7A31";
    expect(
      await cancelCfdi(settings, { issuerRfc: ISSUER_RFC, uuid: uuid!, motive: "01", substitute: unknown }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no existe/) as unknown,
    });
    // Another stamped invoice that does not relate this one is no substitute either.
    const other = await invoicedOrder();
    const unrelated = (await invoiceOf(other.order.id)).uuid!;
    expect(
      await cancelCfdi(settings, { issuerRfc: ISSUER_RFC, uuid: uuid!, motive: "01", substitute: unrelated }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/TipoRelacion 04/) as unknown,
    });
  });
});

describe("staff cancelling with motive 02 (issue 34, docs/decisions/050)", () => {
  const actor = { id: null, email: "contadora@example.test" };

  it("02 cancels once without substitute, audited; 01 is refused here (it is Sustituir's)", async () => {
    const { order } = await invoicedOrder();
    const invoice = await invoiceOf(order.id);
    const refused = await staffCancelInvoice({ invoiceId: invoice.id, motive: "03", actor });
    expect(refused).toMatchObject({ status: "refused", field: "motive" });
    expect(await staffCancelInvoice({ invoiceId: invoice.id, motive: "01", actor })).toMatchObject({
      status: "refused",
      field: "motive",
      message: expect.stringMatching(/Sustituir/) as unknown,
    });
    const result = await staffCancelInvoice({ invoiceId: invoice.id, motive: "02", actor });
    expect(result).toEqual({ status: "cancelled", uuid: invoice.uuid });
    expect(await invoiceOf(order.id)).toMatchObject({
      status: "cancelada",
      cancelMotive: "02",
      cancelSubstitute: null,
    });
    // A second click: nothing more at the PAC.
    expect(await staffCancelInvoice({ invoiceId: invoice.id, motive: "02", actor })).toMatchObject({
      status: "refused",
    });
    expect(pac.cancelCount()).toBe(1);
    const audit = await prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "invoice" } });
    expect(audit).toMatchObject({ actorEmail: actor.email });
    expect(audit.after).toMatchObject({ invoice: "cancelando", motive: "02" });
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "invoice-cancelled" } });
    expect(email.text).toContain("puedes solicitarla de nuevo desde Mis Pedidos");
  });
});
