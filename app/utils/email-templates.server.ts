import { SHOP_NAME } from "~/lib/constants";

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
<p style="margin:0 0 12px;">La contraseña de tu cuenta en ${SHOP_NAME} se cambió correctamente: cerramos tus sesiones en otros navegadores y anulamos los enlaces de acceso que te habíamos enviado.</p>
<p style="margin:0 0 12px;">Si no fuiste tú, solicita un nuevo enlace de recuperación de inmediato desde <a href="${escapeHtml(origin)}/forgot-password" style="color:${PALETTE.goldDeep};">${escapeHtml(origin)}/forgot-password</a>.</p>`,
  });
  const text = `Tu contraseña fue cambiada — ${SHOP_NAME}

Hola, ${name}:

La contraseña de tu cuenta en ${SHOP_NAME} se cambió correctamente: cerramos tus sesiones en otros navegadores y anulamos los enlaces de acceso que te habíamos enviado.
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
