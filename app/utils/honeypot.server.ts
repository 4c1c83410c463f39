import { invariantResponse } from "@epic-web/invariant";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

export const HONEYPOT_MESSAGE = "No pudimos procesar el formulario. Intenta de nuevo.";

/**
 * The server half of the honeypot, for every form anonymous visitors can send: a filled trap
 * field means a bot, so the request stops here with a 400 before anything is validated, stored
 * or e-mailed. Call it first in the action, right after reading the form.
 */
export function checkHoneypot(form: FormData): void {
  const value = form.get(HONEYPOT_FIELD);
  invariantResponse(value === null || value === "", HONEYPOT_MESSAGE, { status: 400 });
}
