import { SHOP_NAME } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import { button, type EmailContent, escapeHtml, heading, layout } from "./email-templates.server";

/**
 * The shopper's e-mails about a refund: what was refunded (the pieces, the shipping), how much, to
 * which method, and when the money usually arrives. Sent only for what really happened: a card refund
 * when the provider confirms it, a manual one when staff record the transfer or cash they gave back.
 */

export type RefundMethod = "card" | "transfer" | "cash";

export type RefundEmailInput = {
  name: string;
  orderNumber: string;
  amount: number;
  method: RefundMethod;
  /** "1 × Anillo Aurora (Talla 7)", "Envío". */
  what: string[];
  /** A manual refund: the transfer's tracking key or the receipt's number, and the CLABE's last digits. */
  reference: string | null;
  clabe: string | null;
  ordersUrl: string;
};

const P = (text: string) => `<p style="margin:0 0 12px;">${text}</p>`;
const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

/** Where the money went and when it is usually seen, as the shopper reads it. */
export function refundMethodText(method: RefundMethod, clabe: string | null): { where: string; when: string } {
  if (method === "card")
    return {
      where: "a la tarjeta con la que pagaste",
      when: "Según tu banco, el reembolso tarda de 5 a 10 días hábiles en verse en tu estado de cuenta.",
    };
  if (method === "transfer")
    return {
      where: clabe
        ? `por transferencia SPEI a tu cuenta con CLABE terminación ${clabe.slice(-4)}`
        : "por transferencia SPEI",
      when: "Una transferencia SPEI suele verse en tu cuenta el mismo día hábil.",
    };
  return { where: "en efectivo", when: "Lo recibiste en persona." };
}

/** A refund that happened: the provider confirmed it (card), or staff recorded it (transfer, cash). */
export function refundDoneEmail(input: RefundEmailInput): EmailContent {
  const amount = formatMoney(input.amount);
  const { where, when } = refundMethodText(input.method, input.clabe);
  const subject = `Reembolsamos ${amount} de tu pedido ${input.orderNumber} — ${SHOP_NAME}`;
  const reference = input.reference ? `Referencia: ${input.reference}` : null;
  const html = layout({
    preheader: `Reembolsamos ${amount} ${where}.`,
    body: [
      heading("Te reembolsamos"),
      P(`Hola ${escapeHtml(input.name)},`),
      P(`Reembolsamos ${strong(amount)} del pedido ${strong(input.orderNumber)} ${escapeHtml(where)}.`),
      P(`Lo que reembolsamos:<br>${input.what.map(escapeHtml).join("<br>")}`),
      ...(reference ? [P(escapeHtml(reference))] : []),
      P(escapeHtml(when)),
      button(input.ordersUrl, "Ver Mis Pedidos"),
    ].join("\n"),
  });
  const text = [
    `Hola ${input.name},`,
    "",
    `Reembolsamos ${amount} del pedido ${input.orderNumber} ${where}.`,
    "",
    "Lo que reembolsamos:",
    ...input.what.map((line) => `- ${line}`),
    ...(reference ? ["", reference] : []),
    "",
    when,
    "",
    `Tus pedidos: ${input.ordersUrl}`,
  ].join("\n");
  return { subject, html, text };
}
