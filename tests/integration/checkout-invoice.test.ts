import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_INVOICE_GRACE_MS, issueMissedCheckoutInvoices } from "~/invoicing/checkout-invoice-retry.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { RFC_MESSAGES } from "~/lib/cfdi/rfc";
import { addToCart } from "~/models/cart.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createUserSession } from "~/utils/session.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { invoiceThrough } from "./pac-helpers";
import { createProduct, createUser } from "../db-utils";
import { callAction, callLoader, formRequest, getRequest } from "./auth-helpers";
import { eventually, setUpPayments, SHIPPING_FORM } from "./payment-helpers";

/**
 * ¿Requieres factura? at checkout (issue 34, docs/decisions/050): the fiscal data posted with PAGAR is
 * checked like the Mis Pedidos request, stored with the order, and the invoice is stamped once the payment
 * is confirmed — a card when the provider says it is paid, an OXXO voucher only when its money arrives.
 */

const payments = setUpPayments();
const TOKEN = "pac_test_checkout_invoice";
let pac: Awaited<ReturnType<typeof startPacSimulator>>;
const saved = { ...process.env };

beforeAll(() => {
  process.env.PAYMENT_METHODS = "card,oxxo";
  resetEnvCache();
});
beforeEach(async () => {
  pac = await startPacSimulator({ token: TOKEN });
  invoiceThrough(pac, TOKEN, "JA");
});
afterEach(async () => {
  await pac.stop();
});
afterAll(() => {
  for (const key of ["PAYMENT_METHODS", "PAC_API_URL", "PAC_API_TOKEN", "INVOICE_SERIES"]) delete process.env[key];
  for (const key of ["INVOICE_ISSUER_RFC", "INVOICE_ISSUER_NAME", "INVOICE_ISSUER_REGIME", "INVOICE_ISSUER_ZIP"]) {
    delete process.env[key];
  }
  Object.assign(process.env, saved);
  resetEnvCache();
  resetInvoicingSettingsCache();
});

const FISCAL = {
  factura: "nuevo",
  factura_rfc: "EKU9003173C9",
  factura_name: "Escuela Kemper Urgate",
  factura_regimen: "601",
  factura_uso: "G03",
  factura_zip: "42501",
  factura_email: "compras@kemper.example",
};

async function shopper() {
  const user = await createUser();
  const product = await createProduct({ name: "Anillo Aurora", price: 2_000_00, stock: 5 });
  await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
  const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
  return { user, cookie };
}

async function pagar(cookie: string, fields: Record<string, string>) {
  return callAction(
    checkoutAction,
    formRequest("/checkout", { intent: "pay", ...SHIPPING_FORM, ...fields }, { cookie }),
  );
}

describe("¿Requieres factura? at checkout", () => {
  it("offers the saved fiscal profiles, and refuses wrong data next to its field, keeping the values, creating nothing", async () => {
    const { user, cookie } = await shopper();
    await prisma.fiscalProfile.create({ data: { userId: user.id, ...FISCAL_PROFILE } });
    const page = await callLoader(checkoutLoader, getRequest("/checkout", cookie));
    expect(page.body).toMatchObject({ invoicing: { profiles: [{ rfc: "EKU9003173C9" }] } });

    const outcome = await pagar(cookie, { ...FISCAL, factura_rfc: "EKU9003173C8", factura_zip: "425" });
    expect(outcome.status).toBe(400);
    const invoice = (outcome.body as { step: number; invoice: { choice: string; values: object; errors: object } })
      .invoice;
    expect(invoice.choice).toBe("nuevo");
    expect(invoice.values).toMatchObject({ rfc: "EKU9003173C8", name: "Escuela Kemper Urgate", zip: "425" });
    expect(invoice.errors).toEqual({ rfc: [RFC_MESSAGES.checkDigit], zip: [expect.stringContaining("5 dígitos")] });
    expect(await prisma.order.count()).toBe(0);

    // Another account's profile id is refused too.
    const stranger = await pagar(cookie, { factura: "perfil:00000000-0000-4000-8000-000000000000" });
    expect(stranger.status).toBe(400);
    // Hostile values in every invoice field: a 400 with messages, never a 5xx, nothing written.
    for (const value of ["", "a".repeat(100_000), "x\u0000y", "<script>alert(1)</script>", "perfil:' OR 1=1 --"]) {
      const fields = Object.fromEntries(Object.keys(FISCAL).map((key) => [key, value]));
      const hostile = await pagar(cookie, { ...fields, factura: value === "" ? "nuevo" : value });
      expect([400, 413]).toContain(hostile.status);
    }
    expect(await prisma.order.count()).toBe(0);
  });

  it("stores the data with the order and stamps the invoice once the card payment is confirmed, exactly once", async () => {
    const { user, cookie } = await shopper();
    const outcome = await pagar(cookie, FISCAL);
    expect(outcome.status).toBe(303);
    const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    expect(await prisma.checkoutInvoiceRequest.findUnique({ where: { orderId: order.id } })).toMatchObject({
      rfc: "EKU9003173C9",
      name: "ESCUELA KEMPER URGATE",
    });
    expect(pac.stampCount()).toBe(0); // not before the payment

    await payments.pay(outcome.headers.get("location")!);
    await eventually(
      async () => (await prisma.invoice.findFirst({ where: { orderId: order.id } }))?.status === "emitida",
      "the invoice stamped",
    );
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(invoice).toMatchObject({ rfc: "EKU9003173C9", total: order.total, formaPago: "04" }); // 4242…: credit
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ cardFunding: "credit" });
    // The webhook again, and the success page: still one stamp, one e-mail.
    for (const event of await payments.events()) await payments.resend(event.id);
    expect(pac.stampCount()).toBe(1);
    expect(await prisma.outboxEmail.count({ where: { kind: "invoice-issued" } })).toBe(1);
    expect(await prisma.fiscalProfile.count({ where: { userId: user.id } })).toBe(1);
  });

  it("an invoice whose process died between the payment and the stamp is issued by the retry job, once", async () => {
    const paidBefore = async (ms: number) => {
      const { user, cookie } = await shopper();
      expect((await pagar(cookie, FISCAL)).status).toBe(303);
      // Paid as the webhook records it, but nothing stamped: the process ended right there.
      const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
      return prisma.order.update({
        where: { id: order.id },
        data: { status: "procesando", paidAt: new Date(Date.now() - ms), cardFunding: "credit" },
      });
    };
    const died = await paidBefore(CHECKOUT_INVOICE_GRACE_MS + 60_000);
    const justPaid = await paidBefore(60_000); // its own path may still be stamping it
    // Two instances' jobs at once: one stamp.
    const tried = await Promise.all([issueMissedCheckoutInvoices(), issueMissedCheckoutInvoices()]);
    expect(tried).toEqual([1, 1]);
    expect(pac.stampCount()).toBe(1);
    expect(await prisma.invoice.findFirstOrThrow({ where: { orderId: died.id } })).toMatchObject({
      status: "emitida",
      rfc: "EKU9003173C9",
      total: died.total,
    });
    expect(await prisma.invoice.findFirst({ where: { orderId: justPaid.id } })).toBeNull();
    expect(await issueMissedCheckoutInvoices()).toBe(0); // nothing left that is due
    expect(await prisma.outboxEmail.count({ where: { kind: "invoice-issued" } })).toBe(1);
  });

  it("a debit card (as the provider's charge reports it) is invoiced with FormaPago 28", async () => {
    const { user, cookie } = await shopper();
    const outcome = await pagar(cookie, FISCAL);
    await payments.pay(outcome.headers.get("location")!, "4000 0566 5566 5556");
    const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    await eventually(
      async () => (await prisma.invoice.findFirst({ where: { orderId: order.id } }))?.status === "emitida",
      "the invoice stamped",
    );
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ cardFunding: "debit" });
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(invoice.formaPago).toBe("28");
    expect(invoice.xml).toContain('FormaPago="28"');
  });

  it("with a saved profile, an OXXO order is invoiced only when its money arrives", async () => {
    const { user, cookie } = await shopper();
    const profile = await prisma.fiscalProfile.create({ data: { userId: user.id, ...FISCAL_PROFILE } });
    const outcome = await pagar(cookie, { factura: `perfil:${profile.id}` });
    expect(outcome.status).toBe(303);
    const url = outcome.headers.get("location")!;
    const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    await fetch(`${url}/oxxo`, { method: "POST", redirect: "manual" });
    await eventually(
      async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).voucherIssuedAt !== null,
      "the voucher recorded",
    );
    expect(await prisma.invoice.count()).toBe(0);
    const { voucherUrl } = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    await fetch(`${voucherUrl}/paid`, { method: "POST", redirect: "manual" });
    await eventually(
      async () => (await prisma.invoice.findFirst({ where: { orderId: order.id } }))?.status === "emitida",
      "the invoice stamped",
    );
    expect(await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({
      formaPago: "01",
      rfc: "EKU9003173C9",
    });
  });
});

const FISCAL_PROFILE = {
  rfc: "EKU9003173C9",
  name: "ESCUELA KEMPER URGATE",
  regimen: "601",
  uso: "G03",
  zip: "42501",
  email: "compras@kemper.example",
};
