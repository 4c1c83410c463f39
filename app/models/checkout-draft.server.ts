import type { SavedAddress } from "~/lib/saved-address";
import { savedAddressValues } from "~/lib/saved-address";
import { SHIPPING_FIELDS } from "~/lib/validation/checkout";
import { prisma } from "~/utils/db.server";

/**
 * The checkout's draft (issue 37): what the shopper typed in the shipping form, kept on the server per
 * shopper until the order is placed. Every post of the form saves it (Continuar al pago, Regresar,
 * PAGAR — so a reload without JavaScript keeps it), and with JavaScript the form saves it as the
 * shopper types (so closing the checkout modal and opening it again keeps it too). The next checkout
 * starts from it instead of the newest saved address.
 */

type DraftField = Exclude<(typeof SHIPPING_FIELDS)[number], "email">;

/**
 * The shipping form's fields a draft keeps: all of them but the e-mail (always the account's), so a field
 * added to the form is kept in the draft by itself.
 */
export const DRAFT_FIELDS: readonly DraftField[] = SHIPPING_FIELDS.filter(
  (name): name is DraftField => name !== "email",
);

/** No field of the form takes more (the gift message's 250 characters, with room for a paste). */
const MAX_FIELD = 500;

export type CheckoutDraftFields = Partial<Record<DraftField, string>>;

/** The draft's fields as posted: known names only, text only, bounded; empty fields left out. */
export function draftFieldsOf(form: FormData): CheckoutDraftFields {
  const fields: CheckoutDraftFields = {};
  for (const name of DRAFT_FIELDS) {
    const value = form.get(name);
    if (typeof value !== "string") continue;
    // A draft is what was typed, checked when it is submitted; it is only ever shown back in the form.
    // By code points, so an emoji is never cut in half (the database refuses half a character).
    const clean = [...value.slice(0, MAX_FIELD * 2)]
      .slice(0, MAX_FIELD)
      .filter((c) => !isControl(c))
      .join("");
    if (clean.trim() !== "") fields[name] = clean;
  }
  return fields;
}

/** A control character other than tab and line breaks (a textarea's message keeps its lines). */
function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return (code < 32 && c !== "\t" && c !== "\n" && c !== "\r") || code === 127;
}

export async function saveCheckoutDraft(userId: string, form: FormData): Promise<void> {
  const fields = draftFieldsOf(form);
  await prisma.checkoutDraft.upsert({
    where: { userId },
    create: { userId, fields },
    update: { fields },
  });
}

export async function getCheckoutDraft(userId: string): Promise<CheckoutDraftFields | null> {
  const draft = await prisma.checkoutDraft.findUnique({ where: { userId }, select: { fields: true } });
  const fields = draft?.fields;
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return null;
  const kept: CheckoutDraftFields = {};
  for (const name of DRAFT_FIELDS) {
    const value = (fields as Record<string, unknown>)[name];
    if (typeof value === "string") kept[name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

/** The order is placed: the next checkout starts afresh (from the newest saved address). */
export async function clearCheckoutDraft(userId: string): Promise<void> {
  await prisma.checkoutDraft.deleteMany({ where: { userId } });
}

/** The saved address a draft is (its address fields unchanged), or null: a picked address collapses the form. */
export function savedAddressOfDraft(
  addresses: readonly SavedAddress[],
  draft: CheckoutDraftFields,
): SavedAddress | null {
  return (
    addresses.find((address) =>
      Object.entries(savedAddressValues(address)).every(
        ([name, value]) => (draft[name as keyof CheckoutDraftFields] ?? "") === value,
      ),
    ) ?? null
  );
}
