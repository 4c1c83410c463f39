import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import type { DiscountCodeAnswer } from "~/components/admin/discount-code-form";
import { DISCOUNT_CODE_FIELDS, type DiscountCodeInput, DiscountCodeSchema } from "~/lib/validation/discount-code";
import { type Flash, setFlash } from "~/utils/flash.server";

/**
 * The discount code form's reading, shared by the list's "Nuevo cupón" and the edit page (docs/decisions
 * /058): the same schema and Spanish messages for both, and everything typed kept for a refused form.
 */
export function readDiscountCodeForm(
  form: FormData,
): { ok: true; input: DiscountCodeInput; values: Record<string, string> } | { ok: false; answer: DiscountCodeAnswer } {
  const values = Object.fromEntries(
    DISCOUNT_CODE_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 2000)]),
  );
  const submission = parseWithZod(form, { schema: DiscountCodeSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.reply().error ?? {}).map(([field, messages]) => [field, messages?.[0]]),
    );
    return { ok: false, answer: { errors, values } };
  }
  return { ok: true, input: submission.value, values };
}

/** Back to the list of codes, with the one-shot message that says what happened. */
export async function backToCodes(request: Request, flash: Flash): Promise<never> {
  throw redirect("/admin/promociones/cupones", { headers: { "Set-Cookie": await setFlash(request, flash) } });
}
