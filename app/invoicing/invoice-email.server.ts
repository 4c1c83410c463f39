import { SHOP_NAME } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import type { Prisma } from "~/generated/prisma/client";
import { queueEmail } from "~/utils/email.server";
import { button, escapeHtml, heading, layout } from "~/utils/email-templates.server";
import { configuredOrigin } from "~/utils/origin.server";
import { renderInvoicePdf } from "./invoice-pdf.server";

/**
 * The e-mail with the invoice: the XML (the legal document) and its PDF attached, through the outbox
 * like every e-mail, written in the transaction that records the stamp. Returns the outbox's `deliver`.
 */
export async function queueInvoiceEmail(tx: Prisma.TransactionClient, invoiceId: string): Promise<() => void> {
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    select: {
      uuid: true,
      xml: true,
      series: true,
      folio: true,
      total: true,
      email: true,
      name: true,
      order: { select: { number: true } },
    },
  });
  const xml = invoice.xml ?? "";
  const pdf = await renderInvoicePdf(xml);
  const base = invoiceFileName(invoice);
  const ordersUrl = `${configuredOrigin()}/orders/${invoice.order.number}/factura`;
  const lines = [
    `Adjuntamos la factura (CFDI 4.0) de tu pedido ${invoice.order.number} a nombre de ${invoice.name}: el archivo XML, que es la factura ante el SAT, y su representación impresa en PDF.`,
    `Folio fiscal (UUID): ${invoice.uuid ?? ""}. Total: ${formatMoney(invoice.total)}.`,
    "También puedes descargarlos en cualquier momento desde Mis Pedidos.",
  ];
  const { deliver } = await queueEmail(tx, {
    to: invoice.email,
    kind: "invoice-issued",
    subject: `Tu factura del pedido ${invoice.order.number} — ${SHOP_NAME}`,
    html: layout({
      preheader: `Factura ${invoice.series}-${invoice.folio} del pedido ${invoice.order.number}`,
      body: `${heading("Tu factura está lista")}${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}${button(ordersUrl, "Ver mi factura")}`,
    }),
    text: `${lines.join("\n\n")}\n\n${ordersUrl}\n`,
    attachments: [
      { filename: `${base}.xml`, contentType: "application/xml", contentBase64: Buffer.from(xml).toString("base64") },
      { filename: `${base}.pdf`, contentType: "application/pdf", contentBase64: pdf.toString("base64") },
    ],
  });
  return deliver;
}

/** "A-12-5FB2822E-…": series, folio and UUID, as accountants file them. */
export function invoiceFileName(invoice: { series: string; folio: number; uuid: string | null }): string {
  return `${invoice.series}-${invoice.folio}-${invoice.uuid ?? "sin-timbrar"}`;
}
