import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { orderInvoiceFor } from "~/invoicing/admin-invoices.server";
import { globalInvoiceFile, issueGlobalInvoice } from "~/invoicing/global-invoice.server";
import { invoiceLinksForUser } from "~/invoicing/invoice-views.server";
import { requestInvoice } from "~/invoicing/invoice.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { computeTotals } from "~/lib/checkout";
import type { OrderStatusName } from "~/lib/order-status";
import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import { decodeCsvFile, parseCsv } from "~/lib/csv";
import { streamOrdersCsv } from "~/models/exports.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { invoiceThrough } from "./pac-helpers";
import { createUser, resetDatabase } from "../db-utils";

/**
 * The factura global (issue 34, docs/decisions/035) against the PAC simulator, on the test's database:
 * it covers the period's paid orders not invoiced to a person, once per period, and a shopper's later
 * request for an order in it is refused with the reason.
 */

const TOKEN = "pac_test_global";
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

// A day of the shop (Mexico City), and two days later when staff issue its global invoice.
const DAY = new Date("2026-11-10T18:00:00Z");
const NOW = new Date("2026-11-12T18:00:00Z");

const ALL = { from: null, to: null, status: null };

let counter = 0;
async function order(
  userId: string,
  { paidAt = DAY, status = "procesando", price = 125_000 }: { paidAt?: Date; status?: OrderStatusName; price?: number },
) {
  counter += 1;
  const totals = computeTotals([{ unitPrice: price, quantity: 1 }], { ivaIncluded: true });
  return prisma.order.create({
    data: {
      number: `LJ${String(9_200_000_000 + counter)}`,
      userId,
      email: "ana@example.test",
      status,
      ...totals,
      paymentMethod: counter % 2 === 0 ? "oxxo" : "card",
      paidAt,
      stockReleasedAt: status === "reembolsado" ? new Date() : null,
      items: { create: [{ price, quantity: 1, productName: "Arete de oro" }] },
    },
  });
}

beforeEach(async () => {
  await resetDatabase();
  pac = await startPacSimulator({ token: TOKEN });
  invoiceThrough(pac, TOKEN, "JG", { INVOICE_GLOBAL_PERIOD: "diaria", APP_ORIGIN: "https://tienda.example" });
});

afterEach(async () => {
  await pac.stop();
});

afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

describe("the factura global", () => {
  it("declares a sale partly refunded before it for what the shop kept; a refund not yet settled is not taken off", async () => {
    const user = await createUser();
    const kept = await order(user.id, { price: 200_000 });
    const refund = {
      orderId: kept.id,
      method: "card",
      items: [],
      reason: "Otra talla",
      requestedByEmail: "a@example.test",
    };
    await prisma.refund.create({ data: { ...refund, status: "reembolsado", amount: 50_000, settledAt: DAY } });
    await prisma.refund.create({ data: { ...refund, status: "pendiente", amount: 10_000 } });
    expect(await issueGlobalInvoice({ day: DAY, staffEmail: "admin@example.test", now: NOW })).toMatchObject({
      status: "issued",
      orders: 1,
    });
    const global = await prisma.globalInvoice.findFirstOrThrow();
    expect(global.total).toBe(kept.total - 50_000);
    expect(global.xml).toContain(`Total="${((kept.total - 50_000) / 100).toFixed(2)}"`);
    expect(global.xml).toContain(`NoIdentificacion="${kept.number}"`);
  });

  it("covers the day's sales not invoiced to a person, once, and a later personal request is refused", async () => {
    const user = await createUser();
    const personal = await order(user.id, { price: 200_000 });
    expect(
      (await requestInvoice({ userId: user.id, orderNumber: personal.number, receptor: RECEPTOR, now: DAY })).status,
    ).toBe("issued");
    const failed = await order(user.id, { price: 90_000 });
    pac.failNext("unavailable");
    expect(
      (await requestInvoice({ userId: user.id, orderNumber: failed.number, receptor: RECEPTOR, now: DAY })).status,
    ).toBe("unavailable");
    const plain = await order(user.id, { price: 125_000 });
    await order(user.id, { status: "reembolsado" });
    await order(user.id, { paidAt: new Date("2026-11-11T18:00:00Z") }); // the next day
    const stamps = pac.stampCount();

    const result = await issueGlobalInvoice({ day: DAY, staffEmail: "admin@example.test", now: NOW });
    expect(result).toMatchObject({ status: "issued", orders: 2 });
    const global = await prisma.globalInvoice.findFirstOrThrow({ include: { orders: true } });
    expect(global.orders.map((o) => o.orderId).sort()).toEqual([failed.id, plain.id].sort());
    expect(global).toMatchObject({
      periodKey: "diaria:2026-11-10",
      status: "emitida",
      total: failed.total + plain.total,
    });
    const xml = global.xml ?? "";
    expect(xml).toContain('<cfdi:InformacionGlobal Periodicidad="01" Meses="11" Año="2026"/>');
    expect(xml).toMatch(
      /<cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="06700" RegimenFiscalReceptor="616" UsoCFDI="S01"/,
    );
    expect(
      xml.match(/<cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="LJ\d+" Cantidad="1" ClaveUnidad="ACT"/g),
    ).toHaveLength(2);
    expect(xml).toContain(`NoIdentificacion="${plain.number}"`);
    expect(xml).toContain(`Total="${((failed.total + plain.total) / 100).toFixed(2)}"`);
    // Staff download it as the CFDI (XML) and as its printed form (PDF); nothing else is a file.
    const base = `${global.series}-${global.folio}-${global.uuid}`;
    const asXml = await globalInvoiceFile(`${global.id}.xml`);
    expect(asXml).toMatchObject({ filename: `${base}.xml`, contentType: "application/xml; charset=utf-8" });
    expect(asXml?.body.toString()).toBe(xml);
    const asPdf = await globalInvoiceFile(`${global.id.toUpperCase()}.pdf`);
    expect(asPdf).toMatchObject({ filename: `${base}.pdf`, contentType: "application/pdf" });
    expect(asPdf?.body.subarray(0, 5).toString()).toBe("%PDF-");
    if (process.env.GLOBAL_PDF_OUT) (await import("node:fs")).writeFileSync(process.env.GLOBAL_PDF_OUT, asPdf!.body);
    for (const typed of [`${"-".repeat(36)}.pdf`, `${global.id}.exe`, `${crypto.randomUUID()}.xml`]) {
      expect(await globalInvoiceFile(typed), typed).toBeNull();
    }

    // Once per period: asked again, the same invoice; nothing more at the PAC.
    expect(await issueGlobalInvoice({ day: DAY, staffEmail: "admin@example.test", now: NOW })).toMatchObject({
      status: "issued",
      uuid: global.uuid,
    });
    expect(pac.stampCount()).toBe(stamps + 1);

    // The shopper asks later in the month for an order the global invoice covers: refused, with the reason.
    for (const number of [plain.number, failed.number]) {
      const late = await requestInvoice({ userId: user.id, orderNumber: number, receptor: RECEPTOR, now: NOW });
      expect(late).toEqual({ status: "refused", message: expect.stringContaining("factura global") as unknown });
    }
    expect(pac.stampCount()).toBe(stamps + 1);
    // Staff's figures: the orders CSV says which invoice covers each order.
    const csv = parseCsv(decodeCsvFile(new Uint8Array(await new Response(streamOrdersCsv(ALL)).arrayBuffer())))!;
    const cell = (number: string, column: string) =>
      csv.rows.find((row) => row[0] === number)?.[csv.header.indexOf(column)];
    const mine = await prisma.invoice.findFirstOrThrow({ where: { orderId: personal.id } });
    expect(cell(personal.number, "factura")).toBe("Emitida");
    expect(cell(personal.number, "factura_uuid")).toBe(mine.uuid);
    expect(cell(personal.number, "factura_total")).toBe((mine.total / 100).toFixed(2));
    // Its IVA is the CFDI's (the shipping's included), and subtotal + envío + IVA, all before IVA, the total.
    expect(cell(personal.number, "iva")).toBe((mine.tax / 100).toFixed(2));
    const cents = (column: string) => Math.round(Number(cell(personal.number, column)) * 100);
    expect(cents("subtotal") + cents("envio") + cents("iva")).toBe(personal.total);
    expect(cell(plain.number, "factura")).toBe(`Factura global JGG-${global.folio}`);
    expect(cell(plain.number, "factura_uuid")).toBe(global.uuid);
    // And the admin order page.
    expect(await orderInvoiceFor(personal.id)).toEqual({ state: "Emitida", uuid: mine.uuid, total: mine.total });
    expect(await orderInvoiceFor(plain.id)).toEqual({
      state: `Factura global JGG-${global.folio}`,
      uuid: global.uuid,
      total: null,
    });
    const links = await invoiceLinksForUser(user.id, NOW);
    expect(links[plain.number]?.state).toBeNull();
    expect(links[personal.number]?.state).toBe("emitida");
  });

  it("refuses a period that has not ended, and stamps once when two admins issue at once", async () => {
    const user = await createUser();
    await order(user.id, {});
    expect(await issueGlobalInvoice({ day: DAY, staffEmail: "admin@example.test", now: DAY })).toMatchObject({
      status: "refused",
      message: expect.stringContaining("aún no termina") as unknown,
    });
    const both = await Promise.all([
      issueGlobalInvoice({ day: DAY, staffEmail: "a@example.test", now: NOW }),
      issueGlobalInvoice({ day: DAY, staffEmail: "b@example.test", now: NOW }),
    ]);
    expect(both.some((r) => r.status === "issued")).toBe(true);
    expect(pac.stampCount()).toBe(1);
    expect(await prisma.globalInvoice.count()).toBe(1);
    expect(
      await issueGlobalInvoice({ day: new Date("2026-11-09T18:00:00Z"), staffEmail: "a@example.test", now: NOW }),
    ).toMatchObject({
      status: "refused",
      message: expect.stringContaining("No hay ventas") as unknown,
    });
  });
});
