import { SHOP_NAME } from "~/lib/constants";
import { installmentPlanText } from "~/lib/installments";
import { formatMoney, priceOrFree } from "~/lib/money";
import { type AwaitingPayment, awaitingPaymentDetails, awaitingPaymentSummary } from "~/lib/payment-methods";
import { formatPhone } from "~/lib/phone";
import type { ShippingAddress } from "~/models/order-views.server";
import { chargedLines, emailTotalsRows } from "./order-email-lines.server";
import { button, type EmailContent, escapeHtml, heading, layout, PALETTE } from "./email-templates.server";

/**
 * The e-mails that follow an order: its confirmation when the payment arrives, and one for each
 * step staff record afterwards (shipped, delivered and returned: ./order-shipment-emails.server.ts).
 * One look for all of them: the order's lines and totals,
 * the address, and a button.
 */

/** What an order e-mail needs: the order as stored (prices frozen at order time). */
export type EmailOrder = {
  number: string;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  /** The gift packaging's price when chosen (before IVA, like the items), and the card's message. */
  giftWrapPrice: number | null;
  giftMessage: string | null;
  /** The meses sin intereses plan the card payment was made in (null: one charge). */
  installmentMonths: number | null;
  items: ReadonlyArray<{ productName: string; variantName: string | null; quantity: number; price: number }>;
  address: ShippingAddress | null;
};

/** How the shipment e-mail names the parcel. */
export type Shipment = { carrier: string; trackingCode: string | null; trackingUrl: string | null };

const P = (text: string, style = "") => `<p style="margin:0 0 12px;${style}">${text}</p>`;

function linesHtml(order: EmailOrder): string {
  const rows = chargedLines(order)
    .map(
      (line) => `<tr>
<td style="padding:8px 0;border-bottom:1px solid #efe5d3;">${escapeHtml(line.label)}</td>
<td style="padding:8px 0;border-bottom:1px solid #efe5d3;text-align:right;white-space:nowrap;">${escapeHtml(priceOrFree(line.amount))}</td>
</tr>`,
    )
    .join("\n");
  const totalRow = (label: string, amount: number, strong = false) =>
    `<tr><td style="padding:4px 0;${strong ? `font-weight:600;color:${PALETTE.ink};` : ""}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;${strong ? `font-weight:600;color:${PALETTE.ink};` : ""}">${escapeHtml(formatMoney(amount))}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
${rows}
${emailTotalsRows(order)
  .map((row) => totalRow(row.label, row.amount, row.kind === "total"))
  .join("\n")}
${paymentPlanRowHtml(order)}
</table>`;
}

function linesText(order: EmailOrder): string {
  return `${chargedLines(order)
    .map((line) => `- ${line.label}: ${priceOrFree(line.amount)}`)
    .join("\n")}

${emailTotalsRows(order)
  .map((row) => `${row.label}: ${formatMoney(row.amount)}`)
  .join("\n")}${planText(order) ? `\nForma de pago: ${planText(order)}` : ""}`;
}

/** "Tarjeta a 6 meses sin intereses", for an order paid in instalments; null otherwise. */
function planText(order: EmailOrder): string | null {
  const plan = installmentPlanText(order.installmentMonths);
  return plan ? `Tarjeta a ${plan}` : null;
}

function paymentPlanRowHtml(order: EmailOrder): string {
  const plan = planText(order);
  if (!plan) return "";
  return `<tr><td style="padding:4px 0;">Forma de pago</td><td style="padding:4px 0;text-align:right;">${escapeHtml(plan)}</td></tr>`;
}

function addressLines(order: EmailOrder): string[] {
  const a = order.address;
  if (!a) return [];
  return [
    a.name,
    a.interiorNumber ? `${a.addressLine2}, int. ${a.interiorNumber}` : a.addressLine2,
    a.addressLine1,
    `${a.city}, ${a.state}, C.P. ${a.postalCode}`,
    a.country,
    `Tel. ${formatPhone(a.phone)}`,
    ...(a.references ? [`Referencias: ${a.references}`] : []),
  ];
}

function addressHtml(order: EmailOrder): string {
  const lines = addressLines(order);
  const address = lines.length
    ? `<p style="margin:24px 0 4px;font-weight:600;color:${PALETTE.ink};">Dirección de envío</p><p style="margin:0;">${lines.map(escapeHtml).join("<br>")}</p>`
    : "";
  const gift = order.giftMessage
    ? `<p style="margin:24px 0 4px;font-weight:600;color:${PALETTE.ink};">Mensaje para la tarjeta</p><p style="margin:0;font-style:italic;">${escapeHtml(order.giftMessage).replace(/\n/g, "<br>")}</p>`
    : "";
  return address + gift;
}

function addressText(order: EmailOrder): string {
  const lines = addressLines(order);
  const address = lines.length ? `\nDirección de envío:\n${lines.join("\n")}\n` : "";
  return address + (order.giftMessage ? `\nMensaje para la tarjeta:\n${order.giftMessage}\n` : "");
}

/**
 * One order e-mail: a heading, paragraphs (HTML and text), the order's lines, its address when
 * `withAddress`, and a button.
 */
export function orderEmail(input: {
  subject: string;
  preheader: string;
  title: string;
  name: string;
  paragraphs: { html: string; text: string }[];
  order: EmailOrder;
  withAddress: boolean;
  action: { href: string; label: string; text: string };
}): EmailContent {
  const { order } = input;
  const html = layout({
    preheader: input.preheader,
    body: `${heading(input.title)}
${P(`Hola, ${escapeHtml(input.name)}:`)}
${input.paragraphs.map((p) => P(p.html)).join("\n")}
${linesHtml(order)}
${input.withAddress ? addressHtml(order) : ""}
${button(input.action.href, input.action.label)}`,
  });
  const text = `${input.subject}

Hola, ${input.name}:

${input.paragraphs.map((p) => p.text).join("\n\n")}

${linesText(order)}
${input.withAddress ? addressText(order) : ""}
${input.action.text}: ${input.action.href}

${SHOP_NAME}`;
  return { subject: input.subject, html, text };
}

export const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

/** Sent once when a payment is confirmed: what was bought, the totals, where it goes. */
export function orderConfirmationEmail({
  name,
  order,
  ordersUrl,
}: {
  name: string;
  order: EmailOrder;
  ordersUrl: string;
}): EmailContent {
  return orderEmail({
    subject: `Pedido ${order.number} confirmado — ${SHOP_NAME}`,
    preheader: `Recibimos tu pago. Tu pedido ${order.number} ya se está preparando.`,
    title: "¡Gracias por tu compra!",
    name,
    paragraphs: [
      {
        html: `Recibimos tu pago y tu pedido ${strong(order.number)} ya se está preparando.`,
        text: `Recibimos tu pago y tu pedido ${order.number} ya se está preparando.`,
      },
    ],
    order,
    withAddress: true,
    action: { href: ordersUrl, label: "Ver Mis Pedidos", text: "Sigue tu pedido en Mis Pedidos" },
  });
}

/**
 * Sent once when an OXXO voucher or a SPEI transfer is issued: what to pay, where, by when. The
 * confirmation follows when the money arrives.
 */
export function awaitingPaymentEmail({
  name,
  order,
  payment,
  ordersUrl,
}: {
  name: string;
  order: EmailOrder;
  payment: AwaitingPayment;
  ordersUrl: string;
}): EmailContent {
  const details = awaitingPaymentDetails(payment);
  const oxxo = payment.method === "oxxo";
  return orderEmail({
    subject: `Pedido ${order.number}: ${oxxo ? "tu ficha de pago OXXO" : "datos para tu transferencia SPEI"} — ${SHOP_NAME}`,
    preheader: `Tu pedido ${order.number} está pendiente de pago. ${awaitingPaymentSummary(payment)}`,
    title: "Tu pedido está pendiente de pago",
    name,
    paragraphs: [
      {
        html: `Apartamos las piezas de tu pedido ${strong(order.number)}. ${escapeHtml(awaitingPaymentSummary(payment))}`,
        text: `Apartamos las piezas de tu pedido ${order.number}. ${awaitingPaymentSummary(payment)}`,
      },
      {
        html: details.map(([label, value]) => `${escapeHtml(label)}: ${strong(value)}`).join("<br>"),
        text: details.map(([label, value]) => `${label}: ${value}`).join("\n"),
      },
      {
        html: "Te escribiremos en cuanto recibamos tu pago. Si no pagas antes de la fecha límite, el pedido se cancela.",
        text: "Te escribiremos en cuanto recibamos tu pago. Si no pagas antes de la fecha límite, el pedido se cancela.",
      },
    ],
    order,
    withAddress: true,
    action: payment.voucherUrl
      ? {
          href: payment.voucherUrl,
          label: oxxo ? "Ver mi ficha de pago" : "Ver instrucciones de pago",
          text: oxxo ? "Tu ficha de pago" : "Instrucciones de pago",
        }
      : { href: ordersUrl, label: "Ver Mis Pedidos", text: "Tu pedido en Mis Pedidos" },
  });
}
