import { z } from "zod";

/**
 * Database ids as URLs and forms carry them: a positive integer written plainly — digits only, no
 * sign, no leading zero, no spaces — that fits PostgreSQL's `integer`. `/producto/007` is not
 * product 7: one spelling per id keeps URLs canonical and caches keyed by them honest.
 */

export const MAX_ID = 2_147_483_647;

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** The id `value` spells, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** A form field holding an id; anything else fails with `message`. */
export function idField(message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return id;
  });
}

/** Order numbers as staff type and links carry them: LJ and up to twelve digits (any letter case). */
const ORDER_NUMBER = /^LJ\d{1,12}$/i;

/** The order number `value` spells, upper-cased, or null. */
export function parseOrderNumber(value: unknown): string | null {
  return typeof value === "string" && ORDER_NUMBER.test(value) ? value.toUpperCase() : null;
}
