import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { SHOP_NAME, VAT_LABEL } from "~/lib/constants";
import { formatMoney, priceOrFree } from "~/lib/money";
import { formatPhone } from "~/lib/phone";

/**
 * Spanish e-mail templates with the shop's branding (ivory, ink and antique gold; a serif
 * wordmark). Inline styles and tables only: that is what e-mail clients render reliably.
 */

export type EmailContent = { subject: string; html: string; text: string };

export const PALETTE = {
  ivory: "#fdfbf7",
  ivoryDeep: "#f8f3ea",
  ink: "#1c1916",
  inkSoft: "#3a3530",
  gold: "#b8924a",
  goldDeep: "#7a5c2b",
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function layout({ preheader, body }: { preheader: string; body: string }): string {
  const serif = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
  const sans = "Jost, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
  return `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${SHOP_NAME}</title></head>
<body style="margin:0;padding:0;background:${PALETTE.ivoryDeep};">
<span style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PALETTE.ivoryDeep};padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${PALETTE.ivory};border:1px solid #efe5d3;">
<tr><td style="background:${PALETTE.ink};padding:28px 32px;text-align:center;">
<div style="font-family:${serif};font-size:28px;letter-spacing:2px;color:${PALETTE.ivory};">${SHOP_NAME}</div>
<div style="margin-top:6px;height:1px;width:48px;background:${PALETTE.gold};display:inline-block;"></div>
</td></tr>
<tr><td style="padding:36px 32px;font-family:${sans};font-size:15px;line-height:1.6;color:${PALETTE.inkSoft};">
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #efe5d3;font-family:${sans};font-size:12px;color:#8a7f73;text-align:center;">
${SHOP_NAME} · Joyería fina hecha en México<br>Este es un mensaje automático; por favor no respondas a este correo.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:28px 0;"><tr><td style="background:${PALETTE.ink};">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font-family:Jost,Helvetica,Arial,sans-serif;font-size:13px;letter-spacing:2px;text-transform:uppercase;color:${PALETTE.ivory};text-decoration:none;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

export function heading(text: string): string {
  return `<h1 style="margin:0 0 16px;font-family:'Cormorant Garamond',Georgia,serif;font-weight:600;font-size:26px;color:${PALETTE.ink};">${escapeHtml(text)}</h1>`;
}

/** The password-reset e-mail: a one-hour, single-use link. */
export function passwordResetEmail({ name, link }: { name: string; link: string }): EmailContent {
  const subject = `Restablece tu contraseña — ${SHOP_NAME}`;
  const html = layout({
    preheader: "Usa este enlace para crear una nueva contraseña. Vence en 1 hora.",
    body: `${heading("Restablece tu contraseña")}
<p style="margin:0 0 12px;">Hola, ${escapeHtml(name)}:</p>
<p style="margin:0 0 12px;">Recibimos una solicitud para restablecer la contraseña de tu cuenta. Haz clic en el botón para elegir una nueva.</p>
${button(link, "Restablecer contraseña")}
<p style="margin:0 0 12px;font-size:13px;">El enlace vence en <strong>1 hora</strong> y solo puede usarse una vez. Si el botón no funciona, copia esta dirección en tu navegador:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(link)}" style="color:${PALETTE.goldDeep};">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;">Si no solicitaste este cambio, ignora este mensaje: tu contraseña seguirá siendo la misma.</p>`,
  });
  const text = `Restablece tu contraseña — ${SHOP_NAME}

Hola, ${name}:

Recibimos una solicitud para restablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva:

${link}

El enlace vence en 1 hora y solo puede usarse una vez.
Si no solicitaste este cambio, ignora este mensaje: tu contraseña seguirá siendo la misma.

${SHOP_NAME}`;
  return { subject, html, text };
}

/** Sent after a password was changed, so an owner who did not do it notices. */
export function passwordChangedEmail({ name, origin }: { name: string; origin: string }): EmailContent {
  const subject = `Tu contraseña fue cambiada — ${SHOP_NAME}`;
  const html = layout({
    preheader: "La contraseña de tu cuenta acaba de cambiar.",
    body: `${heading("Tu contraseña fue cambiada")}
<p style="margin:0 0 12px;">Hola, ${escapeHtml(name)}:</p>
<p style="margin:0 0 12px;">La contraseña de tu cuenta en ${SHOP_NAME} se cambió correctamente y cerramos todas tus sesiones abiertas.</p>
<p style="margin:0 0 12px;">Si no fuiste tú, solicita un nuevo enlace de recuperación de inmediato desde <a href="${escapeHtml(origin)}/forgot-password" style="color:${PALETTE.goldDeep};">${escapeHtml(origin)}/forgot-password</a>.</p>`,
  });
  const text = `Tu contraseña fue cambiada — ${SHOP_NAME}

Hola, ${name}:

La contraseña de tu cuenta en ${SHOP_NAME} se cambió correctamente y cerramos todas tus sesiones abiertas.
Si no fuiste tú, solicita un nuevo enlace de recuperación de inmediato: ${origin}/forgot-password

${SHOP_NAME}`;
  return { subject, html, text };
}

/**
 * Welcome to the newsletter, with the interests chosen and the unsubscribe link (which the
 * List-Unsubscribe header repeats for the mail client's own button).
 */
export function newsletterWelcomeEmail({
  interests,
  unsubscribeUrl,
  shopUrl,
}: {
  interests: readonly string[];
  unsubscribeUrl: string;
  shopUrl: string;
}): EmailContent {
  const subject = `Te damos la bienvenida a nuestro boletín — ${SHOP_NAME}`;
  const chosen = interests.length > 0 ? interests.join(", ") : null;
  const html = layout({
    preheader: "Gracias por suscribirte: novedades, colecciones y ofertas en tu correo.",
    body: `${heading("¡Gracias por suscribirte!")}
<p style="margin:0 0 12px;">Desde hoy recibirás nuestras novedades, colecciones nuevas y ofertas especiales antes que nadie.</p>
${chosen ? `<p style="margin:0 0 12px;">Tus intereses: <strong>${escapeHtml(chosen)}</strong>.</p>` : ""}
${button(shopUrl, "Visitar la tienda")}
<p style="margin:0;font-size:12px;color:#8a7f73;">¿No quieres recibir más correos? <a href="${escapeHtml(unsubscribeUrl)}" style="color:${PALETTE.goldDeep};">Darme de baja</a>.</p>`,
  });
  const text = `¡Gracias por suscribirte! — ${SHOP_NAME}

Desde hoy recibirás nuestras novedades, colecciones nuevas y ofertas especiales antes que nadie.
${chosen ? `Tus intereses: ${chosen}.\n` : ""}
Visita la tienda: ${shopUrl}

¿No quieres recibir más correos? Date de baja aquí: ${unsubscribeUrl}

${SHOP_NAME}`;
  return { subject, html, text };
}

/** What the order confirmation needs: the order as stored (prices frozen at order time). */
export type ConfirmationOrder = {
  number: string;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  /** The gift packaging's price when chosen (before IVA, like the items), and the card's message. */
  giftWrapPrice: number | null;
  giftMessage: string | null;
  items: ReadonlyArray<{ productName: string; variantName: string | null; quantity: number; price: number }>;
  address: {
    name: string;
    phone: string;
    addressLine1: string;
    addressLine2: string;
    interiorNumber: string | null;
    references: string | null;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  } | null;
};

/** Sent once when a payment is confirmed: what was bought, the totals, where it goes. */
export function orderConfirmationEmail({
  name,
  order,
  ordersUrl,
}: {
  name: string;
  order: ConfirmationOrder;
  ordersUrl: string;
}): EmailContent {
  const subject = `Pedido ${order.number} confirmado — ${SHOP_NAME}`;
  const itemLabel = (item: ConfirmationOrder["items"][number]) =>
    item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
  const charged = [
    ...order.items.map((item) => ({
      label: `${itemLabel(item)} × ${item.quantity}`,
      amount: item.price * item.quantity,
    })),
    ...(order.giftWrapPrice === null ? [] : [{ label: GIFT_WRAP_LABEL, amount: order.giftWrapPrice }]),
  ];
  const rows = charged
    .map(
      (line) => `<tr>
<td style="padding:8px 0;border-bottom:1px solid #efe5d3;">${escapeHtml(line.label)}</td>
<td style="padding:8px 0;border-bottom:1px solid #efe5d3;text-align:right;white-space:nowrap;">${escapeHtml(priceOrFree(line.amount))}</td>
</tr>`,
    )
    .join("\n");
  const totalRow = (label: string, amount: number, strong = false) =>
    `<tr><td style="padding:4px 0;${strong ? "font-weight:600;color:#1c1916;" : ""}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;${strong ? "font-weight:600;color:#1c1916;" : ""}">${escapeHtml(formatMoney(amount))}</td></tr>`;
  const a = order.address;
  const addressLines = a
    ? [
        a.name,
        a.interiorNumber ? `${a.addressLine2}, int. ${a.interiorNumber}` : a.addressLine2,
        a.addressLine1,
        `${a.city}, ${a.state}, C.P. ${a.postalCode}`,
        a.country,
        `Tel. ${formatPhone(a.phone)}`,
        ...(a.references ? [`Referencias: ${a.references}`] : []),
      ]
    : [];
  const giftMessage = order.giftMessage
    ? `<p style="margin:24px 0 4px;font-weight:600;color:#1c1916;">Mensaje para la tarjeta</p><p style="margin:0;font-style:italic;">${escapeHtml(order.giftMessage).replace(/\n/g, "<br>")}</p>`
    : "";
  const html = layout({
    preheader: `Recibimos tu pago. Tu pedido ${order.number} ya se está preparando.`,
    body: `${heading("¡Gracias por tu compra!")}
<p style="margin:0 0 12px;">Hola, ${escapeHtml(name)}:</p>
<p style="margin:0 0 20px;">Recibimos tu pago y tu pedido <strong>${escapeHtml(order.number)}</strong> ya se está preparando.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
${rows}
${totalRow("Subtotal", order.subtotal)}
${totalRow("Envío", order.shipping)}
${totalRow(VAT_LABEL, order.tax)}
${totalRow("Total", order.total, true)}
</table>
${addressLines.length ? `<p style="margin:24px 0 4px;font-weight:600;color:#1c1916;">Dirección de envío</p><p style="margin:0;">${addressLines.map(escapeHtml).join("<br>")}</p>` : ""}
${giftMessage}
${button(ordersUrl, "Ver Mis Pedidos")}`,
  });
  const text = `Pedido ${order.number} confirmado — ${SHOP_NAME}

Hola, ${name}:

Recibimos tu pago y tu pedido ${order.number} ya se está preparando.

${charged.map((line) => `- ${line.label}: ${priceOrFree(line.amount)}`).join("\n")}

Subtotal: ${formatMoney(order.subtotal)}
Envío: ${formatMoney(order.shipping)}
${VAT_LABEL}: ${formatMoney(order.tax)}
Total: ${formatMoney(order.total)}
${addressLines.length ? `\nDirección de envío:\n${addressLines.join("\n")}\n` : ""}${order.giftMessage ? `\nMensaje para la tarjeta:\n${order.giftMessage}\n` : ""}
Sigue tu pedido en Mis Pedidos: ${ordersUrl}

${SHOP_NAME}`;
  return { subject, html, text };
}
