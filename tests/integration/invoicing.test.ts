import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { listInvoices, retryInvoice } from "~/invoicing/admin-invoices.server";
import { requestInvoice } from "~/invoicing/invoice.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { computeTotals } from "~/lib/checkout";
import { RFC_MESSAGES } from "~/lib/cfdi/rfc";
import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import type { OrderStatusName } from "~/lib/order-status";
import { action as invoiceAction } from "~/routes/orders_.$number.factura";
import { prisma } from "~/utils/db.server";
import { deliverPendingEmails, queueEmail } from "~/utils/email.server";
import { resetEnvCache } from "~/utils/env.server";
import { createUserSession } from "~/utils/session.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { invoiceThrough } from "./pac-helpers";
import { createUser, resetDatabase } from "../db-utils";

/**
 * Invoices (CFDI 4.0) issued against the project's PAC simulator over HTTP, on the test's database:
 * what is stamped adds up to what was charged, the PAC's errors land on their field, and an order is
 * never stamped twice (a repeat, a retry after a timeout, two requests at once).
 */

const ORIGIN = "https://tienda.example";
const TOKEN = "pac_test_invoicing";
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

function usePac(simulator: Simulator) {
  invoiceThrough(simulator, TOKEN, "JA", { APP_ORIGIN: ORIGIN });
}

let counter = 0;
/** A paid order as checkout leaves it with prices shown with IVA: two lines (one of 3 pieces) and gift wrap. */
async function paidOrder(
  userId: string,
  { status = "procesando", paidAt = new Date() }: { status?: OrderStatusName; paidAt?: Date | null } = {},
) {
  counter += 1;
  const items = [
    { price: 1_250_000, quantity: 1, productName: "Anillo solitario" },
    { price: 3_333, quantity: 3, productName: "Dije de plata" },
  ];
  const totals = computeTotals(
    [...items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })), { unitPrice: 9_900, quantity: 1 }],
    { ivaIncluded: true },
  );
  return prisma.order.create({
    data: {
      number: `LJ${String(9_000_000_000 + counter)}`,
      userId,
      email: "ana@example.test",
      status,
      ...totals,
      giftWrapPrice: 9_900,
      paymentMethod: "card",
      paidAt,
      stockReleasedAt: ["cancelado", "devuelto"].includes(status) ? new Date() : null,
      items: { create: items },
    },
  });
}

// A fresh PAC per test: resetting the database restarts the folios, which a PAC never sees happen.
beforeEach(async () => {
  pac = await startPacSimulator({ token: TOKEN });
  usePac(pac);
});

afterEach(async () => {
  await pac.stop();
});

afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

beforeEach(async () => {
  await resetDatabase();
});

describe("issuing a CFDI", () => {
  it("stamps what was charged, e-mails the XML and PDF, saves the profile, and answers a repeat with the same invoice", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    const before = pac.stampCount();
    const result = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
    expect(result.status).toBe("issued");
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(invoice).toMatchObject({ status: "emitida", series: "JA", rfc: "EKU9003173C9", total: order.total });
    expect(invoice.subtotal + invoice.tax).toBe(order.total);
    const xml = invoice.xml ?? "";
    expect(xml).toContain('xmlns:cfdi="http://www.sat.gob.mx/cfd/4"');
    expect(xml).toContain(`Total="${(order.total / 100).toFixed(2)}"`);
    expect(xml).toMatch(/<cfdi:Emisor Rfc="COSC8001137NA"/);
    expect(xml).toMatch(
      /<cfdi:Receptor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="42501"/,
    );
    expect(xml.match(/<cfdi:Concepto /g)).toHaveLength(4); // two lines, gift wrap, shipping
    expect(xml).toContain(`<tfd:TimbreFiscalDigital`);
    expect(xml).toContain(`UUID="${invoice.uuid}"`);
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "invoice-issued" } });
    expect(email.to).toBe(RECEPTOR.email);
    const attachments = email.attachments as Array<{ filename: string; contentBase64: string }>;
    expect(attachments.map((a) => a.filename)).toEqual([
      `JA-${invoice.folio}-${invoice.uuid}.xml`,
      `JA-${invoice.folio}-${invoice.uuid}.pdf`,
    ]);
    expect(Buffer.from(attachments[1]!.contentBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(await prisma.fiscalProfile.count({ where: { userId: user.id, rfc: RECEPTOR.rfc } })).toBe(1);

    const again = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
    expect(again).toEqual({ status: "issued", uuid: invoice.uuid });
    expect(pac.stampCount() - before).toBe(1);
    expect(await prisma.outboxEmail.count({ where: { kind: "invoice-issued" } })).toBe(1);
  });

  it("puts the PAC's errors on the field to fix, and issues once the data is right (same folio)", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    const wrongName = await requestInvoice({
      userId: user.id,
      orderNumber: order.number,
      receptor: { ...RECEPTOR, name: "ESCUELA KEMPER" },
    });
    expect(wrongName).toMatchObject({ status: "rejected", field: "name" });
    const failed = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(failed).toMatchObject({ status: "error", errorCode: "CFDI40145", uuid: null });
    const wrongZip = await requestInvoice({
      userId: user.id,
      orderNumber: order.number,
      receptor: { ...RECEPTOR, zip: "01000" },
    });
    expect(wrongZip).toMatchObject({ status: "rejected", field: "zip" });
    const right = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
    expect(right.status).toBe("issued");
    const issued = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(issued).toMatchObject({ status: "emitida", folio: failed.folio, attempts: 3 });
  });

  it("a retry after the PAC stamped but the answer was lost gets the same invoice, not a second", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    const before = pac.stampCount();
    pac.failNext("drop-after-stamp");
    const lost = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
    expect(lost.status).toBe("unavailable");
    expect(await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: "error",
      uuid: null,
    });
    const retry = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
    expect(retry.status).toBe("issued");
    expect(pac.stampCount() - before).toBe(1);
  });

  it("refuses an unpaid, a refunded, another shopper's and a late order with the reason", async () => {
    const user = await createUser();
    const unpaid = await paidOrder(user.id, { status: "pendiente", paidAt: null });
    const refunded = await paidOrder(user.id, { status: "reembolsado" });
    const october = await paidOrder(user.id, { paidAt: new Date("2026-10-15T18:00:00Z") });
    const stranger = await createUser();
    const ask = (number: string, userId = user.id, now?: Date) =>
      requestInvoice({ userId, orderNumber: number, receptor: RECEPTOR, ...(now ? { now } : {}) });
    expect(await ask(unpaid.number)).toMatchObject({ status: "refused", message: "Sólo se factura un pedido pagado." });
    expect((await ask(refunded.number)).status).toBe("refused");
    expect(await ask(october.number, user.id, new Date("2026-11-02T12:00:00Z"))).toMatchObject({
      status: "refused",
      message: expect.stringContaining("31 de octubre de 2026") as unknown as string,
    });
    expect((await ask(october.number, stranger.id)).status).toBe("refused");
    expect(await prisma.invoice.count()).toBe(0);
  });
});

describe("exactly once under concurrency", () => {
  it("two requests at once (double click, two tabs) stamp one invoice", async () => {
    const slow = await startPacSimulator({ token: TOKEN, delayMs: 400 });
    usePac(slow);
    try {
      const user = await createUser();
      const order = await paidOrder(user.id);
      const results = await Promise.all([
        requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR }),
        requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["in-progress", "issued"]);
      expect(slow.stampCount()).toBe(1);
      expect(await prisma.invoice.count({ where: { orderId: order.id } })).toBe(1);
    } finally {
      await slow.stop();
      usePac(pac);
    }
  });
});

describe("the request form's action", () => {
  async function post(cookie: string, number: string, fields: Record<string, string>) {
    const request = new Request(`${ORIGIN}/orders/${number}/factura`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return (await invoiceAction({ request, params: { number }, context: {} })) as unknown;
  }

  it("answers a wrong RFC next to its field with the values kept, then issues and redirects", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    const cookie = (await createUserSession(new Request(`${ORIGIN}/login`), user.id)).split(";")[0]!;
    const fields = { intent: "new", ...RECEPTOR, rfc: "XAXX010101000", uso: "G03" };
    const refused = (await post(cookie, order.number, fields)) as {
      init: { status: number };
      data: { lastResult: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.lastResult.error.rfc).toEqual([RFC_MESSAGES.generic]);
    expect(refused.data.lastResult.initialValue).toMatchObject({ name: RECEPTOR.name, zip: "42501" });
    const issued = (await post(cookie, order.number, { ...fields, rfc: RECEPTOR.rfc })) as Response;
    expect(issued.status).toBe(302);
    expect(issued.headers.get("Location")).toBe(`/orders/${order.number}/factura`);
  });
});

describe("/admin/facturas", () => {
  it("lists every invoice with its status and lets staff retry one in error", async () => {
    const user = await createUser();
    const order = await paidOrder(user.id);
    pac.failNext("unavailable");
    expect((await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR })).status).toBe(
      "unavailable",
    );
    const page = await listInvoices(1);
    expect(page.items).toEqual([
      expect.objectContaining({ status: "error", orderNumber: order.number, rfc: RECEPTOR.rfc, total: order.total }),
    ]);
    const staff = await createUser({ role: "worker" });
    const actor = { id: staff.id, email: staff.email };
    const retried = await retryInvoice(page.items[0]!.id, actor);
    expect(retried?.status).toBe("issued");
    expect((await listInvoices(1)).items[0]).toMatchObject({ status: "emitida", uuid: expect.any(String) as unknown });
    expect(await retryInvoice(page.items[0]!.id, actor)).toBeNull();
    const audit = await prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "invoice" } });
    expect(audit).toMatchObject({
      actorEmail: staff.email,
      before: { invoice: "error" },
      after: { invoice: "emitida" },
    });
  });
});

describe("the outbox's attachments", () => {
  it("leave through SMTP with the e-mail (the invoice's XML and PDF)", async () => {
    const raws: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          raws.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const smtpUrl = `smtp://127.0.0.1:${port}`;
      await queueEmail(
        prisma,
        {
          to: "contador@example.test",
          subject: "Factura",
          html: "<p>Factura</p>",
          text: "Factura",
          kind: "invoice-issued",
          attachments: [
            {
              filename: "A-1.xml",
              contentType: "application/xml",
              contentBase64: Buffer.from("<cfdi/>").toString("base64"),
            },
            {
              filename: "A-1.pdf",
              contentType: "application/pdf",
              contentBase64: Buffer.from("%PDF-1.3").toString("base64"),
            },
          ],
        },
        { smtpUrl },
      );
      expect(await deliverPendingEmails({ smtpUrl })).toBe(1);
      expect(raws).toHaveLength(1);
      expect(raws[0]).toMatch(/Content-Type: application\/xml; name=A-1\.xml/);
      expect(raws[0]).toMatch(/Content-Disposition: attachment; filename=A-1\.pdf/);
      expect(raws[0]).toContain(Buffer.from("%PDF-1.3").toString("base64"));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
