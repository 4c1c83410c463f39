import { SHOP_NAME } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import { escapeHtml } from "./email-templates.server";
import type { EmailContent } from "./email-templates.server";
import { type EmailOrder, orderEmail, strong } from "./order-email-templates.server";

/**
 * Sent once when an OXXO voucher or a SPEI transfer ends without the money (its deadline passed, or
 * the provider reported the payment failed): the order is cancelled, nothing was charged, the pieces
 * are no longer held, and a link back to the cart to buy them again.
 */
export function voucherExpiredEmail({
  name,
  order,
  method,
  cartUrl,
}: {
  name: string;
  order: EmailOrder;
  method: "oxxo" | "spei";
  cartUrl: string;
}): EmailContent {
  const what = method === "oxxo" ? "tu ficha de pago OXXO" : "tu transferencia SPEI";
  const ended = `El plazo para pagar ${what} del pedido ${order.number} terminó sin que recibiéramos el pago, así que cancelamos el pedido.`;
  const nothing = `No se realizó ningún cargo: no pagues ${method === "oxxo" ? "esa ficha" : "a esa CLABE"}, ya no es válida.`;
  const again = `Tus piezas ya no están apartadas. Si aún las quieres, vuelve a agregarlas a tu carrito y elige una forma de pago (el total del pedido era ${formatMoney(order.total)}).`;
  return orderEmail({
    subject: `Pedido ${order.number}: ${method === "oxxo" ? "tu ficha OXXO venció" : "tu transferencia SPEI venció"} — ${SHOP_NAME}`,
    preheader: `Cancelamos tu pedido ${order.number} porque no recibimos el pago. No se realizó ningún cargo.`,
    title: "Tu pedido se canceló sin cargo",
    name,
    paragraphs: [
      {
        html: escapeHtml(ended).replace(escapeHtml(order.number), strong(order.number)),
        text: ended,
      },
      { html: escapeHtml(nothing), text: nothing },
      { html: escapeHtml(again), text: again },
    ],
    order,
    withAddress: false,
    action: { href: cartUrl, label: "Volver a mi carrito", text: "Tu carrito" },
  });
}
