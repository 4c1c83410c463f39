import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrderInvoice, markInvoiceForCancellation } from "~/invoicing/invoice-cancel.server";
import { INVOICE_MESSAGES } from "~/invoicing/invoice-rules";
import { requestInvoice } from "~/invoicing/invoice.server";
import { checkIssuerAtStart, currentIssuer } from "~/invoicing/issuer.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { readCfdi } from "~/lib/cfdi/read-xml";
import { RFC_MESSAGES } from "~/lib/cfdi/rfc";
import { FISCAL_MESSAGES } from "~/lib/validation/fiscal-profile";
import { action, loader } from "~/routes/admin.facturacion";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { createUser, resetDatabase } from "../db-utils";
import { staffSession } from "./admin-fixtures";
import { callAction, callLoader, formRequest, getRequest } from "./auth-helpers";
import { invoiceThrough, paidCardOrder, TEST_ISSUER } from "./pac-helpers";

/**
 * The shop's own fiscal data edited by admins (issue 34, docs/decisions/064): /admin/facturacion checks
 * them with the fiscal profile's rules, audits the save, and the next CFDI is stamped as the saved issuer
 * (the row wins over INVOICE_ISSUER_*) while a stamped one keeps its own. With invoicing on, a shop
 * running for real refuses to start with no issuer at all.
 */

const TOKEN = "pac_test_issuer";
let pac: Awaited<ReturnType<typeof startPacSimulator>>;
const saved = { ...process.env };

const SHOP = { rfc: "EKU9003173C9", name: "Escuela Kemper Urgate", regimen: "601", zip: "42501" };
const RECEPTOR = {
  rfc: "XIQB891116QE4",
  name: "BERENICE XIMO QUEZADA",
  regimen: "612",
  uso: "G03",
  zip: "06700",
  email: "berenice@example.test",
};

beforeAll(async () => {
  await resetDatabase();
  pac = await startPacSimulator({ token: TOKEN });
  invoiceThrough(pac, TOKEN, "EM", { APP_ORIGIN: "https://tienda.example" });
});

afterAll(async () => {
  await prisma.shopSettings.deleteMany(); // a saved issuer would stand in for another file's INVOICE_ISSUER_*
  await pac.stop();
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

const post = (cookie: string, fields: Record<string, string>) =>
  callAction(action, formRequest("/admin/facturacion", fields, { cookie }));

type Reply = { lastResult: { error: Record<string, string[]>; initialValue: Record<string, string> } };

let orders = 0;
async function stampedOrder() {
  const user = await createUser();
  orders += 1;
  const order = await paidCardOrder(user.id, `LJ${String(9_300_000_000 + orders)}`, [
    { price: 1_160_00, quantity: 1, productName: "Anillo" },
  ]);
  const result = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR });
  expect(result.status).toBe("issued");
  const { xml } = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
  return { order, cfdi: readCfdi(xml ?? "") };
}

describe("the shop's fiscal data in /admin/facturacion", () => {
  it("are for admins only, checked with the fiscal profile's messages next to each field, and audited", async () => {
    const admin = await staffSession("admin");
    const worker = await staffSession("worker");
    expect((await callLoader(loader, getRequest("/admin/facturacion", worker.cookie))).status).toBe(403);
    expect((await post(worker.cookie, SHOP)).status).toBe(403);

    const shown = await callLoader(loader, getRequest("/admin/facturacion", admin.cookie));
    expect(shown.body).toMatchObject({
      origin: { source: "env", issuer: { rfc: TEST_ISSUER.INVOICE_ISSUER_RFC, zip: "06700" } },
      invoicingOn: true,
    });

    const wrongRfc = await post(admin.cookie, { ...SHOP, rfc: "EKU9003173C8" });
    expect(wrongRfc.status).toBe(400);
    const reply = (wrongRfc.body as Reply).lastResult;
    expect(reply.error).toEqual({ rfc: [RFC_MESSAGES.checkDigit] });
    expect(reply.initialValue).toMatchObject({ rfc: "EKU9003173C8", name: SHOP.name, zip: "42501" });
    const fisicaRegimen = await post(admin.cookie, { ...SHOP, regimen: "612" });
    expect((fisicaRegimen.body as Reply).lastResult.error).toEqual({ regimen: [FISCAL_MESSAGES.regimenMoral] });
    const corporate = await post(admin.cookie, { ...SHOP, name: "Escuela Kemper Urgate, S.A. de C.V." });
    expect((corporate.body as Reply).lastResult.error).toEqual({ name: [FISCAL_MESSAGES.corporateSuffix] });
    expect(await prisma.shopSettings.count()).toBe(0);
    expect(await prisma.auditEntry.count({ where: { action: "issuer_settings" } })).toBe(0);

    const ok = await post(admin.cookie, SHOP);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/facturacion");
    expect(ok.headers.get("Set-Cookie")).toBeTruthy();
    expect((await post(admin.cookie, SHOP)).status).toBe(302); // the same again: nothing to audit
    expect(await currentIssuer()).toMatchObject({
      source: "saved",
      issuer: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501" },
      updatedBy: admin.user.email,
    });
    const trail = await prisma.auditEntry.findMany({ where: { action: "issuer_settings" } });
    expect(trail.map((e) => [e.actorEmail, e.before, e.after])).toEqual([
      [
        admin.user.email,
        { rfc: "COSC8001137NA", razonSocial: "CARLOS COSIO SOTO", regimenFiscal: "612", lugarExpedicion: "06700" },
        { rfc: "EKU9003173C9", razonSocial: "ESCUELA KEMPER URGATE", regimenFiscal: "601", lugarExpedicion: "42501" },
      ],
    ]);
  });

  it("go into the next CFDI; a stamped one keeps its issuer and is cancelled under it", async () => {
    await prisma.shopSettings.deleteMany();
    const before = await stampedOrder();
    expect(before.cfdi.emisor).toMatchObject({
      Rfc: "COSC8001137NA",
      Nombre: "CARLOS COSIO SOTO",
      RegimenFiscal: "612",
    });
    expect(before.cfdi.comprobante.LugarExpedicion).toBe("06700");

    const admin = await staffSession("admin");
    expect((await post(admin.cookie, SHOP)).status).toBe(302);
    const after = await stampedOrder();
    expect(after.cfdi.emisor).toEqual({ Rfc: "EKU9003173C9", Nombre: "ESCUELA KEMPER URGATE", RegimenFiscal: "601" });
    expect(after.cfdi.comprobante.LugarExpedicion).toBe("42501");

    const { xml } = await prisma.invoice.findFirstOrThrow({ where: { orderId: before.order.id } });
    expect(readCfdi(xml ?? "").emisor.Rfc).toBe("COSC8001137NA");
    await prisma.$transaction((tx) => markInvoiceForCancellation(tx, before.order.id, "03"));
    expect(await cancelOrderInvoice(before.order.id)).toMatchObject({ status: "cancelled" });
  });
});

describe("the start-up check with invoicing on, running for real", () => {
  const ISSUER_VARIABLES = Object.keys(TEST_ISSUER);

  it("refuses when neither the saved row nor INVOICE_ISSUER_* give the issuer, and starts with either", async () => {
    await prisma.shopSettings.deleteMany();
    await expect(checkIssuerAtStart()).resolves.toBeUndefined(); // INVOICE_ISSUER_* alone
    invoiceThrough(pac, TOKEN, "EM", Object.fromEntries(ISSUER_VARIABLES.map((name) => [name, ""])));
    await expect(checkIssuerAtStart()).rejects.toThrow(
      /^The shop's fiscal data as issuer of its invoices are missing .*INVOICE_ISSUER_RFC.*\/admin\/facturacion.* Refusing to start\.$/,
    );
    const admin = await staffSession("admin");
    expect((await post(admin.cookie, SHOP)).status).toBe(302);
    await expect(checkIssuerAtStart()).resolves.toBeUndefined(); // the saved row alone

    // A saved régimen the catalogue no longer holds for a persona moral is named too.
    await prisma.shopSettings.update({ where: { id: 1 }, data: { issuerRegimen: "612" } });
    await expect(checkIssuerAtStart()).rejects.toThrow(/saved at \/admin\/facturacion are not valid \(regimen: /);
    invoiceThrough(pac, TOKEN, "EM", { APP_ORIGIN: "https://tienda.example" });
  });

  it("lets a development shop start without an issuer, and refuses its invoices until one is saved", async () => {
    await prisma.shopSettings.deleteMany();
    const empty = Object.fromEntries(ISSUER_VARIABLES.map((name) => [name, ""]));
    invoiceThrough(pac, TOKEN, "EM", { ...empty, APP_ORIGIN: "http://localhost:3000", NODE_ENV: "development" });
    await expect(checkIssuerAtStart()).resolves.toBeUndefined();
    const user = await createUser();
    const order = await paidCardOrder(user.id, "LJ9300000900", [
      { price: 1_160_00, quantity: 1, productName: "Anillo" },
    ]);
    expect(await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: RECEPTOR })).toEqual({
      status: "refused",
      message: INVOICE_MESSAGES.off,
    });
    expect(await prisma.invoice.count({ where: { orderId: order.id } })).toBe(0);
    invoiceThrough(pac, TOKEN, "EM", { APP_ORIGIN: "https://tienda.example", NODE_ENV: saved.NODE_ENV ?? "test" });
  });
});
