import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { issueCreditNote } from "~/invoicing/credit-note.server";
import {
  creditNoteFile,
  creditNotesForOrder,
  listCreditNotes,
  retryCreditNote,
} from "~/invoicing/credit-note-views.server";
import { issueGlobalInvoice } from "~/invoicing/global-invoice.server";
import { renderInvoicePdf } from "~/invoicing/invoice-pdf.server";
import { requestInvoice } from "~/invoicing/invoice.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { computeTotals } from "~/lib/checkout";
import { settleRefund } from "~/models/refund-settlement.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { invoiceThrough } from "./pac-helpers";
import { createUser, resetDatabase } from "../db-utils";

/**
 * The CFDI de egreso (nota de crédito) of a partial refund (issue 34, docs/decisions/050), against the
 * PAC simulator on the test's database: issued exactly once per refund after the provider confirms it,
 * related (TipoRelacion 01) to the order's invoice or to the factura global covering it, for what was given
 * back with its IVA; a PAC failure leaves it in error, and a retry stamps it once.
 */

const TOKEN = "pac_test_egreso";
let pac: Awaited<ReturnType<typeof startPacSimulator>>;
const saved = { ...process.env };
const DAY = new Date("2026-11-10T18:00:00Z");
const NOW = new Date("2026-11-12T18:00:00Z");
const RECEPTOR = {
  rfc: "EKU9003173C9",
  name: "ESCUELA KEMPER URGATE",
  regimen: "601",
  uso: "G03",
  zip: "42501",
  email: "compras@kemper.example",
};

let counter = 0;
/** A paid order of two pieces and shipping: 1 × $12,500 + 2 × $333.33 before IVA. */
async function paidOrder(userId: string, paidAt = new Date()) {
  counter += 1;
  const items = [
    { price: 1_250_000, quantity: 1, productName: "Anillo solitario" },
    { price: 33_333, quantity: 2, productName: "Dije de plata" },
  ];
  const totals = computeTotals(
    items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
    { ivaIncluded: true },
  );
  return prisma.order.create({
    data: {
      number: `LJ${String(9_300_000_000 + counter)}`,
      userId,
      email: "ana@example.test",
      status: "procesando",
      ...totals,
      paymentMethod: "card",
      cardFunding: "debit",
      paidAt,
      items: { create: items },
    },
    include: { items: { orderBy: { id: "asc" } } },
  });
}

/** A confirmed card refund of one "Dije de plata" (its price with IVA) and the shipping. */
async function refundOnePieceAndShipping(order: Awaited<ReturnType<typeof paidOrder>>) {
  const piece = order.items[1]!;
  const pieceAmount = piece.price + Math.round((piece.price * 16) / 100);
  const refund = await prisma.refund.create({
    data: {
      orderId: order.id,
      status: "pendiente",
      method: "card",
      amount: pieceAmount + order.shipping,
      items: { pieces: [{ orderItemId: piece.id, quantity: 1, amount: pieceAmount }], giftWrap: 0 },
      shipping: order.shipping,
      reason: "Devolución",
      providerRefundId: `re_${order.id}`,
      requestedByEmail: "staff@example.test",
    },
  });
  return { refund, pieceAmount };
}

const noteOf = (refundId: number) => prisma.creditNote.findUnique({ where: { refundId } });

beforeEach(async () => {
  await resetDatabase();
  pac = await startPacSimulator({ token: TOKEN });
  invoiceThrough(pac, TOKEN, "JN", { INVOICE_GLOBAL_PERIOD: "diaria", APP_ORIGIN: "https://tienda.example" });
});
afterEach(async () => {
  await pac.stop();
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

describe("the egreso (nota de crédito) of a partial refund", () => {
  it("is stamped once after the refund settles, related to the invoice, for the refunded piece and shipping with their IVA", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    expect((await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR })).status).toBe(
      "issued",
    );
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    const { refund, pieceAmount } = await refundOnePieceAndShipping(order);
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    await vi.waitFor(async () => expect((await noteOf(refund.id))?.status).toBe("emitida"), { timeout: 10_000 });
    // The same provider event again, and a late retry: still one egreso at the PAC.
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(false);
    expect(await issueCreditNote(refund.id)).toBe("taken");
    expect(await prisma.creditNote.count()).toBe(1);
    expect(pac.stampCount()).toBe(2); // the invoice and its egreso

    const note = (await noteOf(refund.id))!;
    expect(note).toMatchObject({
      relatedUuid: invoice.uuid,
      rfc: RECEPTOR.rfc,
      uso: "G02",
      formaPago: "28",
      series: "JNE",
      total: pieceAmount + order.shipping,
    });
    expect(note.subtotal + note.tax).toBe(note.total);
    const xml = note.xml ?? "";
    expect(xml).toContain('TipoDeComprobante="E"');
    expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${invoice.uuid}"/>`);
    expect(xml).toContain('FormaPago="28"');
    expect(xml.match(/<cfdi:Concepto /g)).toHaveLength(2); // the piece and the shipping
    expect(xml).toContain('Descripcion="Devolución: Dije de plata"');
    expect(xml).toContain(`Total="${(note.total / 100).toFixed(2)}"`);
    // The invoice itself stands: only a full refund cancels it.
    expect((await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } })).status).toBe("emitida");
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "credit-note-issued" } });
    expect(email.to).toBe(RECEPTOR.email);
    const files = (email.attachments as Array<{ filename: string }>).map((a) => a.filename);
    expect(files).toEqual([`JNE-${note.folio}-${note.uuid}.xml`, `JNE-${note.folio}-${note.uuid}.pdf`]);
    const pdf = await renderInvoicePdf(xml);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Listed and downloadable in Mis Pedidos for its shopper only; staff see it too.
    expect(await creditNotesForOrder(user.id, order.number)).toMatchObject([{ uuid: note.uuid, status: "emitida" }]);
    const own = await creditNoteFile(order.number, `${note.folio}.xml`, { userId: user.id, anyOwner: false });
    expect(own?.body.toString()).toBe(xml);
    const stranger = await createUser();
    expect(
      await creditNoteFile(order.number, `${note.folio}.pdf`, { userId: stranger.id, anyOwner: false }),
    ).toBeNull();
    expect(await creditNoteFile(order.number, "1.exe", { userId: user.id, anyOwner: false })).toBeNull();
    expect((await listCreditNotes()).map((n) => n.orderNumber)).toEqual([order.number]);
    if (process.env.EGRESO_PDF_OUT) (await import("node:fs")).writeFileSync(process.env.EGRESO_PDF_OUT, pdf);
  });

  it("a PAC failure leaves it in error, the refund settled; a retry stamps it once", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
    const { refund } = await refundOnePieceAndShipping(order);
    pac.failNext("unavailable");
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    await vi.waitFor(async () => expect((await noteOf(refund.id))?.status).toBe("error"), { timeout: 10_000 });
    expect((await prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).status).toBe("reembolsado");
    const stamps = pac.stampCount();
    const [note] = await listCreditNotes();
    expect(note).toMatchObject({ status: "error", errorMessage: expect.any(String) });
    const staff = { id: null, email: "contadora@example.test" };
    expect(await retryCreditNote(note!.id, staff)).toBe("issued"); // staff's retry in /admin/facturas
    expect(await retryCreditNote(note!.id, staff)).toBeNull();
    // The retry is in the order's audit trail, with who and what the PAC answered.
    const trail = await prisma.auditEntry.findMany({
      where: { orderId: order.id, action: "invoice" },
      orderBy: { id: "asc" },
    });
    const stamped = await noteOf(refund.id);
    expect(trail.map((e) => [e.actorEmail, e.before, e.after])).toEqual([
      ["contadora@example.test", { creditNote: "error" }, { creditNote: "emitida", uuid: stamped?.uuid }],
    ]);
    expect(await issueCreditNote(refund.id)).toBe("taken");
    expect(pac.stampCount() - stamps).toBe(1);
    expect(await prisma.outboxEmail.count({ where: { kind: "credit-note-issued" } })).toBe(1);
  });

  it("a refund of an order covered by the factura global is related to the global invoice, to PUBLICO EN GENERAL", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id, DAY);
    const global = await issueGlobalInvoice({ day: DAY, staffEmail: "admin@example.test", now: NOW });
    expect(global.status).toBe("issued");
    const row = await prisma.globalInvoice.findFirstOrThrow();
    const { refund } = await refundOnePieceAndShipping(order);
    expect(await settleRefund({ id: refund.id }, "succeeded", null)).toBe(true);
    await vi.waitFor(async () => expect((await noteOf(refund.id))?.status).toBe("emitida"), { timeout: 10_000 });
    const note = (await noteOf(refund.id))!;
    expect(note).toMatchObject({
      relatedUuid: row.uuid,
      globalInvoiceId: row.id,
      rfc: "XAXX010101000",
      uso: "S01",
      email: "ana@example.test",
    });
    expect(note.xml).toContain(`<cfdi:InformacionGlobal Periodicidad="01" Meses="11" Año="2026"/>`);
    expect(note.xml).toContain(`UUID="${row.uuid}"`);
  });

  it("nothing for an order without a stamped invoice", async () => {
    const user = await createUser();
    const plain = await paidOrder(user.id);
    const { refund } = await refundOnePieceAndShipping(plain);
    await settleRefund({ id: refund.id }, "succeeded", null);
    expect(await prisma.creditNote.count()).toBe(0);
  });
});
