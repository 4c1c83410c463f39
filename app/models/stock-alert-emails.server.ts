import { SHOP_NAME } from "~/lib/constants";
import { button, type EmailContent, escapeHtml, heading, layout, PALETTE } from "~/utils/email-templates.server";

/** The one e-mail of a back-in-stock request: the piece, a link to it, and the unsubscribe link. */
export function backInStockEmail(input: {
  name: string;
  variant: string | null;
  link: string;
  unsubscribe: string;
}): EmailContent {
  const piece = input.variant ? `${input.name} (${input.variant})` : input.name;
  const subject = `Volvió: ${piece} — ${SHOP_NAME}`;
  const html = layout({
    preheader: `${piece} está disponible de nuevo.`,
    body: `${heading("¡Ya volvió!")}
<p style="margin:0 0 12px;">La pieza que nos pediste que te avisáramos está disponible de nuevo: <strong>${escapeHtml(piece)}</strong>.</p>
<p style="margin:0 0 12px;">Las piezas vuelven en pocas cantidades: si te gusta, no esperes mucho.</p>
${button(input.link, "Ver la pieza")}
<p style="margin:0;font-size:12px;">Te escribimos una sola vez por este aviso. <a href="${escapeHtml(input.unsubscribe)}" style="color:${PALETTE.goldDeep};">Cancelar el aviso</a></p>`,
  });
  const text = `${subject}

La pieza que nos pediste que te avisáramos está disponible de nuevo: ${piece}.

Verla: ${input.link}

Te escribimos una sola vez por este aviso. Cancelar el aviso: ${input.unsubscribe}

${SHOP_NAME}`;
  return { subject, html, text };
}
