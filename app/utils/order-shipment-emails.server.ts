import { SHOP_NAME } from "~/lib/constants";
import type { EmailContent } from "./email-templates.server";
import { type EmailOrder, orderEmail, type Shipment, strong } from "./order-email-templates.server";

/**
 * The e-mails for the steps staff record after the order was paid: shipped ("Tu pedido va en camino",
 * with the carrier's tracking page), delivered and returned. Built on ./order-email-templates.server.ts.
 */

/** "Tu pedido va en camino": the carrier, the guide number and a button to the carrier's tracking page. */
export function orderShippedEmail({
  name,
  order,
  shipment,
  ordersUrl,
}: {
  name: string;
  order: EmailOrder;
  shipment: Shipment;
  ordersUrl: string;
}): EmailContent {
  const guide = shipment.trackingCode
    ? {
        html: `Paquetería: ${strong(shipment.carrier)}. Número de guía: ${strong(shipment.trackingCode)}.`,
        text: `Paquetería: ${shipment.carrier}. Número de guía: ${shipment.trackingCode}.`,
      }
    : { html: `Paquetería: ${strong(shipment.carrier)}.`, text: `Paquetería: ${shipment.carrier}.` };
  return orderEmail({
    subject: `Tu pedido va en camino: ${order.number} — ${SHOP_NAME}`,
    preheader: `Tu pedido ${order.number} salió de nuestro taller. Síguelo con ${shipment.carrier}.`,
    title: "Tu pedido va en camino",
    name,
    paragraphs: [
      {
        html: `Tu pedido ${strong(order.number)} salió de nuestro taller y ya va hacia ti.`,
        text: `Tu pedido ${order.number} salió de nuestro taller y ya va hacia ti.`,
      },
      guide,
    ],
    order,
    withAddress: true,
    action: shipment.trackingUrl
      ? { href: shipment.trackingUrl, label: "Rastrear mi pedido", text: `Rastrea tu pedido en ${shipment.carrier}` }
      : { href: ordersUrl, label: "Ver Mis Pedidos", text: "Sigue tu pedido en Mis Pedidos" },
  });
}

/** Sent when staff mark the order delivered. */
export function orderDeliveredEmail({
  name,
  order,
  ordersUrl,
}: {
  name: string;
  order: EmailOrder;
  ordersUrl: string;
}) {
  return orderEmail({
    subject: `Tu pedido ${order.number} fue entregado — ${SHOP_NAME}`,
    preheader: "Esperamos que disfrutes tus piezas.",
    title: "Tu pedido fue entregado",
    name,
    paragraphs: [
      {
        html: `Tu pedido ${strong(order.number)} llegó a su destino. Esperamos que disfrutes tus piezas.`,
        text: `Tu pedido ${order.number} llegó a su destino. Esperamos que disfrutes tus piezas.`,
      },
      {
        html: "Si algo no llegó como esperabas, escríbenos: con gusto te ayudamos.",
        text: "Si algo no llegó como esperabas, escríbenos: con gusto te ayudamos.",
      },
    ],
    order,
    withAddress: false,
    action: { href: ordersUrl, label: "Ver Mis Pedidos", text: "Tus pedidos" },
  });
}

/** Sent when staff record the return of the order (the pieces are back with the shop). */
export function orderReturnedEmail({ name, order, ordersUrl }: { name: string; order: EmailOrder; ordersUrl: string }) {
  return orderEmail({
    subject: `Recibimos la devolución de tu pedido ${order.number} — ${SHOP_NAME}`,
    preheader: "Registramos tu devolución.",
    title: "Recibimos tu devolución",
    name,
    paragraphs: [
      {
        html: `Registramos la devolución de tu pedido ${strong(order.number)}. Te escribiremos de nuevo cuando se procese el reembolso.`,
        text: `Registramos la devolución de tu pedido ${order.number}. Te escribiremos de nuevo cuando se procese el reembolso.`,
      },
    ],
    order,
    withAddress: false,
    action: { href: ordersUrl, label: "Ver Mis Pedidos", text: "Tus pedidos" },
  });
}
