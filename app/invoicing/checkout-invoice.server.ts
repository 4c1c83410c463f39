import { parseWithZod } from "@conform-to/zod";
import { CHECKOUT_INVOICE_FIELDS, type CheckoutInvoiceAnswer } from "~/lib/checkout-invoice";
import { type FiscalProfileInput, FiscalProfileSchema } from "~/lib/validation/fiscal-profile";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { type FiscalProfileView, getFiscalProfile, listFiscalProfiles } from "./fiscal-profiles.server";
import { requestInvoice } from "./invoice.server";
import { getInvoicingSettings } from "./settings.server";

/**
 * *¿Requieres factura?* at checkout (issue 34, docs/decisions/050): the shopper chooses a saved fiscal
 * profile or types one in step 2, next to PAGAR; the data is checked like the Mis Pedidos request, stored
 * with the order when PAGAR creates it, and the invoice is issued once the payment is confirmed (a card at
 * once, an OXXO voucher or a SPEI transfer when the money arrives) — never before.
 */

/** What step 2 offers: the shopper's saved fiscal profiles, or null when invoicing is off. */
export async function checkoutInvoicing(userId: string): Promise<{ profiles: FiscalProfileView[] } | null> {
  if (!getInvoicingSettings()) return null;
  return { profiles: await listFiscalProfiles(userId) };
}

export type CheckoutInvoiceChoice =
  | { status: "none" }
  | { status: "ok"; receptor: FiscalProfileInput; answer: CheckoutInvoiceAnswer }
  | { status: "invalid"; answer: CheckoutInvoiceAnswer };

const PROFILE_PREFIX = "perfil:";

/**
 * The posted choice: `factura` = "" (no invoice), `perfil:<id>` (a saved profile of this account) or
 * `nuevo` (the `factura_*` fields). An unknown value or another account's profile is refused next to
 * the choice; the typed fields are checked with the Mis Pedidos schema, each error next to its field.
 */
export async function parseCheckoutInvoice(form: FormData, userId: string): Promise<CheckoutInvoiceChoice> {
  const choice = String(form.get("factura") ?? "");
  if (choice === "" || choice === "no" || !getInvoicingSettings()) return { status: "none" };
  const values: Record<string, string> = {};
  for (const key of CHECKOUT_INVOICE_FIELDS) values[key] = String(form.get(`factura_${key}`) ?? "").slice(0, 300);
  if (choice.startsWith(PROFILE_PREFIX)) {
    const profile = await getFiscalProfile(userId, choice.slice(PROFILE_PREFIX.length));
    if (!profile) {
      const errors = { choice: ["Elige uno de tus datos fiscales guardados o escribe otros."] };
      return { status: "invalid", answer: { choice: "nuevo", values, errors } };
    }
    const { id: _id, ...receptor } = profile;
    return { status: "ok", receptor, answer: { choice, values, errors: {} } };
  }
  const fields = new FormData();
  for (const key of CHECKOUT_INVOICE_FIELDS) fields.set(key, values[key]!);
  const submission = parseWithZod(fields, { schema: FiscalProfileSchema });
  if (submission.status !== "success") {
    const errors: Record<string, string[]> = {};
    for (const [key, list] of Object.entries(submission.error ?? {})) if (list && list.length > 0) errors[key] = list;
    return { status: "invalid", answer: { choice: "nuevo", values, errors } };
  }
  return { status: "ok", receptor: submission.value, answer: { choice: "nuevo", values, errors: {} } };
}

/** Stores the request with the order, in the transaction that creates it. */
export async function saveCheckoutInvoiceRequest(
  tx: Prisma.TransactionClient,
  orderId: number,
  receptor: FiscalProfileInput,
): Promise<void> {
  await tx.checkoutInvoiceRequest.create({ data: { orderId, ...receptor } });
}

/**
 * Once the order is paid: issues the invoice its shopper asked for at checkout (nothing when none was
 * asked or the order already has one). Exactly once through `requestInvoice` (the order's one live invoice
 * row and the PAC's Serie/Folio key). A PAC failure leaves the invoice in error for staff to retry in
 * /admin/facturas (and the shopper may ask again from Mis Pedidos); the payment is never held up by it.
 */
export async function issueCheckoutInvoice(orderId: number, now = new Date()): Promise<void> {
  try {
    const request = await prisma.checkoutInvoiceRequest.findUnique({
      where: { orderId },
      select: {
        rfc: true,
        name: true,
        regimen: true,
        zip: true,
        uso: true,
        email: true,
        order: { select: { number: true, userId: true, invoices: { select: { id: true }, take: 1 } } },
      },
    });
    if (!request || request.order.invoices.length > 0) return;
    const { order, ...receptor } = request;
    const result = await requestInvoice({ userId: order.userId, orderNumber: order.number, receptor, now });
    if (result.status === "issued") return;
    logger.warn({ order: order.number, result }, "invoicing: the invoice asked for at checkout was not issued");
  } catch (error) {
    logger.error({ err: error, orderId }, "invoicing: issuing the invoice asked for at checkout failed");
  }
}
