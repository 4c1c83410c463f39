import { SHOP_NAME } from "~/lib/constants";
import { RETURN_KIND_LABEL, type ReturnRequestKind } from "~/lib/return-requests";
import { button, type EmailContent, escapeHtml, heading, layout } from "./email-templates.server";

/**
 * The shopper's e-mails about a return or exchange they asked for (docs/decisions/034): received,
 * approved (with how to send the pieces back), rejected (with staff's message), pieces received, and
 * the new size shipped (its carrier and guide number). The refund itself has its own e-mail
 * (./refund-email-templates.server.ts), sent when the money really goes back.
 */

export type ReturnEmailStep = "requested" | "approved" | "rejected" | "received" | "exchange_shipped";

export type ReturnEmailInput = {
  step: ReturnEmailStep;
  name: string;
  orderNumber: string;
  kind: ReturnRequestKind;
  /** "1 × Anillo Aurora (Talla 7 → Talla 8)". */
  pieces: string[];
  /** What staff wrote (approval, rejection). */
  message: string | null;
  /** Where to send the pieces back (approved). */
  returnAddress: string;
  /** The exchange's parcel (exchange_shipped). */
  shipment: { carrier: string; trackingCode: string | null; trackingUrl: string | null } | null;
  ordersUrl: string;
};

const P = (text: string) => `<p style="margin:0 0 12px;">${text}</p>`;

function wording(input: ReturnEmailInput): { subject: string; title: string; lines: string[] } {
  const what = RETURN_KIND_LABEL[input.kind].toLowerCase();
  const order = input.orderNumber;
  switch (input.step) {
    case "requested":
      return {
        subject: `Recibimos tu solicitud de ${what} del pedido ${order}`,
        title: "Recibimos tu solicitud",
        lines: [
          `Recibimos tu solicitud de ${what} del pedido ${order}. La revisaremos y te escribiremos en un máximo de 2 días hábiles.`,
        ],
      };
    case "approved":
      return {
        subject: `Aprobamos tu solicitud de ${what} del pedido ${order}`,
        title: "Aprobamos tu solicitud",
        lines: [
          `Aprobamos tu solicitud de ${what} del pedido ${order}.`,
          `Envía las piezas sin uso, con sus etiquetas y en su estuche original, a: ${input.returnAddress}. Pon dentro del paquete una nota con tu número de pedido (${order}).`,
          ...(input.kind === "cambio" ? ["Ya apartamos tu nueva talla: la enviaremos al recibir tus piezas."] : []),
        ],
      };
    case "rejected":
      return {
        subject: `Tu solicitud de ${what} del pedido ${order} no fue aprobada`,
        title: "No pudimos aprobar tu solicitud",
        lines: [`Revisamos tu solicitud de ${what} del pedido ${order} y no pudimos aprobarla.`],
      };
    case "received":
      return {
        subject: `Recibimos las piezas de tu pedido ${order}`,
        title: "Recibimos tus piezas",
        lines: [
          input.kind === "cambio"
            ? `Recibimos las piezas del pedido ${order}. Te enviaremos tu nueva talla y te escribiremos con su número de guía.`
            : `Recibimos las piezas del pedido ${order}. Te escribiremos cuando hagamos el reembolso.`,
        ],
      };
    case "exchange_shipped":
      return {
        subject: `Tu cambio de talla del pedido ${order} va en camino`,
        title: "Tu nueva talla va en camino",
        lines: [`Enviamos tu cambio de talla del pedido ${order}.`],
      };
  }
}

export function returnStepEmail(input: ReturnEmailInput): EmailContent {
  const { subject, title, lines } = wording(input);
  const shipment = input.shipment
    ? `Paquetería: ${input.shipment.carrier}${input.shipment.trackingCode ? ` · Guía: ${input.shipment.trackingCode}` : ""}`
    : null;
  const message = input.message ? `Mensaje de nuestro equipo: «${input.message}»` : null;
  const html = layout({
    preheader: lines[0]!,
    body: [
      heading(title),
      P(`Hola ${escapeHtml(input.name)},`),
      ...lines.map((line) => P(escapeHtml(line))),
      P(`Piezas:<br>${input.pieces.map(escapeHtml).join("<br>")}`),
      ...(message ? [P(escapeHtml(message))] : []),
      ...(shipment ? [P(escapeHtml(shipment))] : []),
      ...(input.shipment?.trackingUrl ? [button(input.shipment.trackingUrl, "Rastrear envío")] : []),
      button(input.ordersUrl, "Ver Mis Pedidos"),
    ].join("\n"),
  });
  const text = [
    `Hola ${input.name},`,
    "",
    ...lines,
    "",
    "Piezas:",
    ...input.pieces.map((line) => `- ${line}`),
    ...(message ? ["", message] : []),
    ...(shipment ? ["", shipment] : []),
    ...(input.shipment?.trackingUrl ? [`Rastrear: ${input.shipment.trackingUrl}`] : []),
    "",
    `Tus pedidos: ${input.ordersUrl}`,
  ].join("\n");
  return { subject: `${subject} — ${SHOP_NAME}`, html, text };
}
