import { checkClabe } from "~/lib/clabe";
import type { RefundSelection } from "~/lib/refund-amounts";

/**
 * The refund form of an order (/admin/pedidos/:number/reembolso): a quantity per piece (`pieza-<id>`),
 * the shipping and the gift wrap (checkboxes), the reason, and for a manual refund (OXXO, SPEI) the
 * shopper's CLABE and the transfer's tracking key. One step chooses (`revisar`), the next confirms
 * (`confirmar`, admins) or asks for it (`solicitar`, workers).
 */

export const REFUND_MESSAGES = {
  nothing: "Elige al menos una pieza o el envío",
  quantity: "La cantidad de cada pieza debe ser un número entero de 0 en adelante",
  tooMany: "Ya no queda tanto por reembolsar de este pedido: revisa las piezas y el envío",
  unknownItem: "Esa pieza no es de este pedido",
  reasonRequired: "Escribe el motivo del reembolso",
  reasonTooLong: "El motivo no puede tener más de 500 caracteres",
  referenceRequired: "Escribe la clave de rastreo de la transferencia que hiciste",
  referenceTooLong: "La clave de rastreo no puede tener más de 40 caracteres",
  unpaid: "Este pedido no se pagó: no hay nada que reembolsar",
  wrongMethod: "Este pedido se pagó de otra forma: vuelve a abrir la página de reembolso",
  adminOnly: "Solo un administrador puede reembolsar. Puedes enviar una solicitud.",
  badIntent: "Acción no válida",
} as const;

export type RefundIntent = "revisar" | "confirmar" | "solicitar";

export type RefundForm = {
  intent: RefundIntent;
  chosen: RefundSelection;
  reason: string;
  clabe: string | null;
  reference: string | null;
  requestId: number | null;
};

export type RefundFormErrors = Partial<Record<"form" | "reason" | "clabe" | "reference", string>>;

const PIECE = /^pieza-(\d{1,9})$/;
const INTENTS: readonly RefundIntent[] = ["revisar", "confirmar", "solicitar"];

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Reads the form; `manual` asks for the CLABE and the tracking key when confirming. Errors are per
 * field (the reason, the CLABE, the key) or for the whole form (the pieces).
 */
export function parseRefundForm(
  form: FormData,
  { manual }: { manual: boolean },
): { ok: true; value: RefundForm } | { ok: false; errors: RefundFormErrors; intent: RefundIntent | null } {
  const intentText = textOf(form, "intent");
  const intent = (INTENTS as readonly string[]).includes(intentText) ? (intentText as RefundIntent) : null;
  if (intent === null) return { ok: false, errors: { form: REFUND_MESSAGES.badIntent }, intent };
  const errors: RefundFormErrors = {};
  const items: Record<number, number> = {};
  for (const [name, raw] of form.entries()) {
    const match = PIECE.exec(name);
    if (!match) continue;
    const value = typeof raw === "string" ? raw.trim() : "";
    if (!/^\d{1,3}$/.test(value)) {
      errors.form = REFUND_MESSAGES.quantity;
      continue;
    }
    if (Number(value) > 0) items[Number(match[1])] = Number(value);
  }
  const chosen = { items, shipping: form.get("envio") === "on", giftWrap: form.get("envoltura") === "on" };
  if (!errors.form && Object.keys(items).length === 0 && !chosen.shipping && !chosen.giftWrap) {
    errors.form = REFUND_MESSAGES.nothing;
  }
  const reason = textOf(form, "motivo");
  if (!reason) errors.reason = REFUND_MESSAGES.reasonRequired;
  else if (reason.length > 500) errors.reason = REFUND_MESSAGES.reasonTooLong;
  let clabe: string | null = null;
  let reference: string | null = null;
  if (manual && intent === "confirmar") {
    const checked = checkClabe(textOf(form, "clabe"));
    if (checked.ok) clabe = checked.clabe;
    else errors.clabe = checked.message;
    reference = textOf(form, "referencia");
    if (!reference) errors.reference = REFUND_MESSAGES.referenceRequired;
    else if (reference.length > 40) errors.reference = REFUND_MESSAGES.referenceTooLong;
  }
  const requestText = textOf(form, "solicitud");
  const requestId = /^\d{1,9}$/.test(requestText) ? Number(requestText) : null;
  if (Object.keys(errors).length > 0) return { ok: false, errors, intent };
  return { ok: true, value: { intent, chosen, reason, clabe, reference, requestId } };
}
