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

/** Confirms an unsubscription made on the website, with the way back. */
export function unsubscribedEmail({ subscribeUrl }: { subscribeUrl: string }): EmailContent {
  const subject = `Te diste de baja del boletín — ${SHOP_NAME}`;
  const body =
    "Tu email se dio de baja del boletín de la tienda: ya no te enviaremos novedades ni ofertas. Si no fuiste tú, o cambias de opinión, puedes suscribirte de nuevo.";
  const html = layout({
    preheader: "Ya no recibirás el boletín.",
    body: `${heading("Te diste de baja del boletín")}
<p style="margin:0 0 12px;">${body}</p>
${button(subscribeUrl, "Suscribirme de nuevo")}`,
  });
  const text = `${subject}

${body}
${subscribeUrl}

${SHOP_NAME}`;
  return { subject, html, text };
}
