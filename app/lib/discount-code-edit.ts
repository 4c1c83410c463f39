import type { DiscountCodeField, DiscountCodeInput } from "~/lib/validation/discount-code";

/**
 * What staff may change in a discount code that already exists (docs/decisions/058, "Editing a code"):
 * everything but its text once it was used — the text is what orders, e-mails and invoices print — and
 * never a limit below the uses already counted. Pure: the server reads the stored row under its lock.
 */

export const DISCOUNT_CODE_EDIT_MESSAGES = {
  codeInUse: "Este cupón ya aparece en pedidos: su código no puede cambiar",
  notFound: "Este cupón no existe",
} as const;

/** "Ya se usó 3 veces: el límite no puede ser menor" (1 vez in the singular). */
export function limitBelowUsesMessage(usedCount: number): string {
  return `Ya se usó ${usedCount} ${usedCount === 1 ? "vez" : "veces"}: el límite no puede ser menor`;
}

export type StoredCode = {
  code: string;
  usedCount: number;
  /** Whether an order (of any status, also one released unpaid) carries the code's text. */
  onOrders: boolean;
};

/** Whether the code's text may still change: no use counted and no order printed with it. */
export function codeLocked(stored: StoredCode): boolean {
  return stored.usedCount > 0 || stored.onOrders;
}

/** The field and Spanish reason an edit is refused for, or null when it may be saved. */
export function editRefusal(
  stored: StoredCode,
  input: Pick<DiscountCodeInput, "code" | "usageLimit">,
): { field: DiscountCodeField; message: string } | null {
  if (input.code !== stored.code && codeLocked(stored)) {
    return { field: "code", message: DISCOUNT_CODE_EDIT_MESSAGES.codeInUse };
  }
  if (input.usageLimit !== null && input.usageLimit < stored.usedCount) {
    return { field: "usageLimit", message: limitBelowUsesMessage(stored.usedCount) };
  }
  return null;
}
