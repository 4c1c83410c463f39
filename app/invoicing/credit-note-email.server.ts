import { SHOP_NAME } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import type { Prisma } from "~/generated/prisma/client";
import { queueEmail } from "~/utils/email.server";
import { button, escapeHtml, heading, layout } from "~/utils/email-templates.server";
import { configuredOrigin } from "~/utils/origin.server";
import { invoiceFileName } from "./invoice-email.server";
import { renderInvoicePdf } from "./invoice-pdf.server";

/**
 * The e-mail with a refund's CFDI de egreso (nota de crédito, docs/decisions/050): the XML and its PDF
 * attached, through the outbox, written in the transaction that records the stamp.
 */
export async function queueCreditNoteEmail(tx: Prisma.TransactionClient, creditNoteId: string): Promise<() => void> {
  const note = await tx.creditNote.findUniqueOrThrow({ where: { id: creditNoteId } });
  const order = await tx.order.findUniqueOrThrow({ where: { id: note.orderId }, select: { number: true } });
  const xml = note.xml ?? "";
  const pdf = await renderInvoicePdf(xml);
  const base = invoiceFileName(note);
  const ordersUrl = `${configuredOrigin()}/orders/${order.number}/factura`;
  const lines = [
    `Adjuntamos la nota de crédito (CFDI de egreso) por el reembolso de tu pedido ${order.number}: el archivo XML, que es el comprobante ante el SAT, y su representación impresa en PDF.`,
    `Folio fiscal (UUID): ${note.uuid ?? ""}. Relacionada con la factura ${note.relatedUuid}. Total: ${formatMoney(note.total)}.`,
    "También puedes descargarlos desde Mis Pedidos.",
  ];
  const { deliver } = await queueEmail(tx, {
    to: note.email,
    kind: "credit-note-issued",
    subject: `Nota de crédito del pedido ${order.number} — ${SHOP_NAME}`,
    html: layout({
      preheader: `Nota de crédito ${note.series}-${note.folio} del pedido ${order.number}`,
      body: `${heading("Tu nota de crédito")}${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}${button(ordersUrl, "Ver mis facturas")}`,
    }),
    text: `${lines.join("\n\n")}\n\n${ordersUrl}\n`,
    attachments: [
      { filename: `${base}.xml`, contentType: "application/xml", contentBase64: Buffer.from(xml).toString("base64") },
      { filename: `${base}.pdf`, contentType: "application/pdf", contentBase64: pdf.toString("base64") },
    ],
  });
  return deliver;
}
