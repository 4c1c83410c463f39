import { SHOP_NAME } from "~/lib/constants";
import { button, type EmailContent, escapeHtml, heading, layout, PALETTE } from "./email-templates.server";

/** E-mails that protect an account or a subscription, in the shop's branding. */

/** Finishing a login from a new browser while the account is under a spread-out guessing attack. */
export function loginLinkEmail({ name, link }: { name: string; link: string }): EmailContent {
  const subject = `Termina de iniciar sesión — ${SHOP_NAME}`;
  const intro =
    "Alguien inició sesión en tu cuenta con la contraseña correcta desde un navegador que no conocemos. Como tu cuenta está recibiendo muchos intentos de contraseña fallidos, te pedimos confirmar que eres tú.";
  const html = layout({
    preheader: "Confirma que eres tú para entrar a tu cuenta. El enlace vence en 15 minutos.",
    body: `${heading("Termina de iniciar sesión")}
<p style="margin:0 0 12px;">Hola, ${escapeHtml(name)}:</p>
<p style="margin:0 0 12px;">${intro}</p>
${button(link, "Terminar de iniciar sesión")}
<p style="margin:0 0 12px;font-size:13px;">El enlace vence en <strong>15 minutos</strong> y solo puede usarse una vez. Si el botón no funciona, copia esta dirección en tu navegador:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(link)}" style="color:${PALETTE.goldDeep};">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;">Si no fuiste tú, alguien conoce tu contraseña: cámbiala desde «¿Olvidaste tu contraseña?».</p>`,
  });
  const text = `${subject}

Hola, ${name}:

${intro}

Termina de iniciar sesión con este enlace (vence en 15 minutos y solo puede usarse una vez):
${link}

Si no fuiste tú, alguien conoce tu contraseña: cámbiala desde «¿Olvidaste tu contraseña?».

${SHOP_NAME}`;
  return { subject, html, text };
}

/**
 * Double opt-in: the link that turns a subscription typed into the newsletter box into a real one.
 * Nothing is sent to the address before it is followed.
 */
export function newsletterConfirmEmail({
  interests,
  confirmUrl,
}: {
  interests: readonly string[];
  confirmUrl: string;
}): EmailContent {
  const subject = `Confirma tu suscripción al boletín — ${SHOP_NAME}`;
  const intro =
    "Recibimos una solicitud para suscribir este email a nuestro boletín de novedades, colecciones y ofertas. Para empezar a recibirlo, confirma que eres tú.";
  const chosen = interests.length > 0 ? interests.join(", ") : null;
  const ignore = "Si no fuiste tú, ignora este correo: sin tu confirmación no te enviaremos nada.";
  const html = layout({
    preheader: "Confirma tu email para empezar a recibir nuestro boletín.",
    body: `${heading("Confirma tu suscripción")}
<p style="margin:0 0 12px;">${intro}</p>
${chosen ? `<p style="margin:0 0 12px;">Tus intereses: <strong>${escapeHtml(chosen)}</strong>.</p>` : ""}
${button(confirmUrl, "Confirmar mi suscripción")}
<p style="margin:0 0 12px;font-size:13px;">Si el botón no funciona, copia esta dirección en tu navegador:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(confirmUrl)}" style="color:${PALETTE.goldDeep};">${escapeHtml(confirmUrl)}</a></p>
<p style="margin:0;font-size:13px;">${ignore}</p>`,
  });
  const text = `${subject}

${intro}
${chosen ? `Tus intereses: ${chosen}.\n` : ""}
Confirma tu suscripción con este enlace:
${confirmUrl}

${ignore}

${SHOP_NAME}`;
  return { subject, html, text };
}

/** The unsubscribe page's form by address sends this: leaving takes the link, so only the address's owner can. */
export function unsubscribeLinkEmail({ link }: { link: string }): EmailContent {
  const subject = `Darte de baja del boletín — ${SHOP_NAME}`;
  const intro =
    "Recibimos una solicitud para dar de baja este email de nuestro boletín. Para dejar de recibirlo, abre este enlace y confirma.";
  const ignore = "Si no fuiste tú, ignora este correo: seguirás recibiendo el boletín.";
  const html = layout({
    preheader: "El enlace para dejar de recibir nuestro boletín.",
    body: `${heading("Darte de baja del boletín")}
<p style="margin:0 0 12px;">${intro}</p>
${button(link, "Darme de baja")}
<p style="margin:0 0 12px;font-size:13px;">Si el botón no funciona, copia esta dirección en tu navegador:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(link)}" style="color:${PALETTE.goldDeep};">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;">${ignore}</p>`,
  });
  const text = `${subject}

${intro}
${link}

${ignore}

${SHOP_NAME}`;
  return { subject, html, text };
}
