import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { computeTotals } from "~/lib/checkout";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";

/** The issuer every invoicing test stamps as: the SAT's published test RFC, its name, régimen and C.P. */
export const TEST_ISSUER = {
  INVOICE_ISSUER_RFC: "COSC8001137NA",
  INVOICE_ISSUER_NAME: "CARLOS COSIO SOTO",
  INVOICE_ISSUER_REGIME: "612",
  INVOICE_ISSUER_ZIP: "06700",
};

/**
 * Points the shop's invoicing at a PAC simulator (`startPacSimulator` of `@joyeria/pac-simulator`) with
 * its token, as the test issuer, with a series of the file's own (its folios never meet another file's)
 * and any other settings; the environment and the invoicing settings are read again.
 */
export function invoiceThrough(
  pac: { url: string },
  token: string,
  series: string,
  extra: Record<string, string> = {},
): void {
  Object.assign(process.env, {
    PAC_API_URL: pac.url,
    PAC_API_TOKEN: token,
    ...TEST_ISSUER,
    INVOICE_SERIES: series,
    ...extra,
  });
  resetEnvCache();
  resetInvoicingSettingsCache();
}

/** A card order paid now, totalled as checkout does (IVA included), ready to be invoiced. */
export function paidCardOrder(
  userId: string,
  number: string,
  items: { productId?: number | null; price: number; quantity: number; productName: string }[],
) {
  return prisma.order.create({
    data: {
      number,
      userId,
      email: "ana@example.test",
      status: "procesando",
      ...computeTotals(
        items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
        { ivaIncluded: true },
      ),
      paymentMethod: "card",
      paidAt: new Date(),
      items: { create: items },
    },
  });
}
