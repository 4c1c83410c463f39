import { codeLocked, DISCOUNT_CODE_EDIT_MESSAGES, editRefusal } from "~/lib/discount-code-edit";
import {
  type DiscountCodeField,
  type DiscountCodeFormValues,
  type DiscountCodeInput,
  discountCodeFormValues,
} from "~/lib/validation/discount-code";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { auditValue, DUPLICATE_CODE, isDuplicateCode } from "./admin-discount-codes.server";
import { type Actor, recordAudit } from "./audit.server";

/**
 * Editing a discount code (/admin/promociones/cupones/:id, docs/decisions/058 "Editing a code"). The
 * code's row is locked for the edit's transaction, as PAGAR locks it for the order's (see
 * ./order-discount.server.ts): an edit and a checkout that uses the code take turns, so the uses the
 * edit checks its limit against are the final ones, and an order is priced entirely by the code before
 * or entirely by the code after the edit. Orders already placed keep the discount they stored per line.
 */

type Db = Prisma.TransactionClient | typeof prisma;

/** Whether an order of any status (a released one too: its e-mails went out) carries this text. */
async function onOrders(db: Db, code: string): Promise<boolean> {
  return (await db.order.findFirst({ where: { discountCode: code }, select: { id: true } })) !== null;
}

export type DiscountCodeEdit = {
  id: number;
  code: string;
  archived: boolean;
  usedCount: number;
  /** The text can no longer change (used, or printed on an order). */
  codeLocked: boolean;
  values: DiscountCodeFormValues;
};

/** A code as its edit form starts, or null when there is no such code. */
export async function getDiscountCodeEdit(id: number): Promise<DiscountCodeEdit | null> {
  const row = await prisma.discountCode.findUnique({ where: { id } });
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    archived: row.archivedAt !== null,
    usedCount: row.usedCount,
    codeLocked: codeLocked({ code: row.code, usedCount: row.usedCount, onOrders: await onOrders(prisma, row.code) }),
    values: discountCodeFormValues(row),
  };
}

export type EditOutcome =
  | { ok: true; code: string }
  | { ok: false; field: DiscountCodeField; message: string }
  | { ok: false; field: "form"; message: string };

/**
 * Saves a code's new rules (an archived code stays archived), audited in the same transaction; refuses
 * a new text for a used code and a limit below its uses, each with its field's Spanish reason.
 */
export async function updateDiscountCode(actor: Actor, id: number, input: DiscountCodeInput): Promise<EditOutcome> {
  try {
    return await prisma.$transaction(async (tx): Promise<EditOutcome> => {
      // Waits for a checkout holding the row (its use then counted), and holds off the next one.
      const locked = await tx.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "discount_codes" WHERE "id" = ${id} FOR UPDATE`;
      if (locked.length === 0) return { ok: false, field: "form", message: DISCOUNT_CODE_EDIT_MESSAGES.notFound };
      const before = await tx.discountCode.findUniqueOrThrow({ where: { id } });
      const stored = {
        code: before.code,
        usedCount: before.usedCount,
        onOrders: input.code !== before.code && (await onOrders(tx, before.code)),
      };
      const refusal = editRefusal(stored, input);
      if (refusal) return { ok: false, ...refusal };
      const was = auditValue(before);
      const now = auditValue(input);
      // Saved untouched: nothing to write, nothing for the trail.
      if (JSON.stringify(was) === JSON.stringify(now)) return { ok: true, code: before.code };
      await tx.discountCode.update({ where: { id }, data: input });
      await recordAudit(tx, actor, { action: "discount_code", before: was, after: now });
      return { ok: true, code: input.code };
    });
  } catch (error) {
    if (isDuplicateCode(error)) return { ok: false, field: "code", message: DUPLICATE_CODE };
    throw error;
  }
}
