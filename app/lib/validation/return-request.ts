import { CARRIER_KEYS, type CarrierKey } from "~/lib/carriers";
import { isReturnRequestKind, RETURN_REQUEST_MESSAGES, type RequestChoice } from "~/lib/return-requests";
import { INVALID_CHARACTERS_MESSAGE } from "./text";
import { TRACKING_MESSAGES } from "./admin";

/**
 * The forms of returns and exchanges (docs/decisions/034): the shopper's request (`tipo`, a quantity
 * per piece `cantidad-<id>`, the new size `talla-<id>`, `motivo`) and the staff's steps on a request
 * (`intent` aprobar, rechazar, recibir, enviar; `mensaje`; `vendible-<id>`; `paqueteria`, `guia`).
 * Errors are per field, in Spanish; the values typed are sent back with them.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const QUANTITY = /^cantidad-(\d{1,9})$/;
const SIZE = /^talla-(\d{1,9})$/;
const SELLABLE = /^vendible-(\d{1,9})$/;

export type FieldErrors = Record<string, string>;

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** A free text (a reason, a message): at most 500 characters, no control characters. */
function freeText(value: string, errors: FieldErrors, field: string, tooLong: string, required?: string) {
  if (CONTROL.test(value)) errors[field] = INVALID_CHARACTERS_MESSAGE;
  else if (required && value === "") errors[field] = required;
  else if (value.length > 500) errors[field] = tooLong;
}

export type ShopperRequestForm = RequestChoice & { reason: string };

/** What the form sent, as text, to show it again next to the errors (no JavaScript needed). */
export type ShopperRequestValues = Record<string, string>;

export function parseShopperRequest(
  form: FormData,
): { ok: true; value: ShopperRequestForm } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const kind = textOf(form, "tipo");
  if (!isReturnRequestKind(kind)) errors.tipo = RETURN_REQUEST_MESSAGES.kind;
  const quantities: Record<number, number> = {};
  const sizes: Record<number, number> = {};
  for (const [name, raw] of form.entries()) {
    const value = typeof raw === "string" ? raw.trim() : "";
    const quantity = QUANTITY.exec(name);
    if (quantity) {
      if (!/^\d{1,3}$/.test(value)) errors[name] = RETURN_REQUEST_MESSAGES.quantity;
      else if (Number(value) > 0) quantities[Number(quantity[1])] = Number(value);
      continue;
    }
    const size = SIZE.exec(name);
    if (size && value !== "") {
      if (!/^\d{1,9}$/.test(value)) errors[name] = RETURN_REQUEST_MESSAGES.unknownSize;
      else sizes[Number(size[1])] = Number(value);
    }
  }
  // Said at once with the other fields' errors (the server's own checks come after these).
  if (Object.keys(quantities).length === 0 && !Object.keys(errors).some((name) => QUANTITY.test(name))) {
    errors.form = RETURN_REQUEST_MESSAGES.nothing;
  }
  const reason = textOf(form, "motivo");
  freeText(reason, errors, "motivo", RETURN_REQUEST_MESSAGES.reasonTooLong, RETURN_REQUEST_MESSAGES.reasonRequired);
  if (Object.keys(errors).length > 0 || !isReturnRequestKind(kind)) return { ok: false, errors };
  return { ok: true, value: { kind, quantities, sizes, reason } };
}

/** The shopper's typed values, to fill the form in again (only the fields the form has). */
export function shopperRequestValues(form: FormData): ShopperRequestValues {
  const values: ShopperRequestValues = {};
  for (const [name, raw] of form.entries()) {
    if (typeof raw !== "string" || raw.length > 600) continue;
    if (name === "tipo" || name === "motivo" || QUANTITY.test(name) || SIZE.test(name)) values[name] = raw;
  }
  return values;
}

export type StaffStep =
  | { intent: "aprobar"; message: string | null }
  | { intent: "rechazar"; message: string }
  | { intent: "recibir"; sellable: Record<number, number> }
  | { intent: "enviar"; carrier: CarrierKey; trackingCode: string | null };

export function parseStaffStep(form: FormData): { ok: true; value: StaffStep } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const intent = textOf(form, "intent");
  switch (intent) {
    case "aprobar":
    case "rechazar": {
      const message = textOf(form, "mensaje");
      freeText(
        message,
        errors,
        "mensaje",
        RETURN_REQUEST_MESSAGES.staffMessageTooLong,
        intent === "rechazar" ? RETURN_REQUEST_MESSAGES.rejectNeedsMessage : undefined,
      );
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      return intent === "aprobar"
        ? { ok: true, value: { intent, message: message || null } }
        : { ok: true, value: { intent, message } };
    }
    case "recibir": {
      const sellable: Record<number, number> = {};
      for (const [name, raw] of form.entries()) {
        const match = SELLABLE.exec(name);
        if (!match) continue;
        const value = typeof raw === "string" ? raw.trim() : "";
        if (!/^\d{1,3}$/.test(value)) errors[name] = RETURN_REQUEST_MESSAGES.quantity;
        else sellable[Number(match[1])] = Number(value);
      }
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      return { ok: true, value: { intent, sellable } };
    }
    case "enviar": {
      const carrier = textOf(form, "paqueteria");
      const trackingCode = textOf(form, "guia");
      if (!(CARRIER_KEYS as readonly string[]).includes(carrier)) errors.paqueteria = TRACKING_MESSAGES.carrier;
      if (trackingCode.length > 64) errors.guia = TRACKING_MESSAGES.tooLong;
      else if (!/^[\p{L}\p{N} -]*$/u.test(trackingCode)) errors.guia = TRACKING_MESSAGES.invalid;
      else if (trackingCode === "" && carrier !== "otra") errors.guia = TRACKING_MESSAGES.required;
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      return { ok: true, value: { intent, carrier: carrier as CarrierKey, trackingCode: trackingCode || null } };
    }
    default:
      return { ok: false, errors: { form: "Acción no válida" } };
  }
}
