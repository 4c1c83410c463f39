/**
 * Database ids as URLs and forms carry them: a positive integer written plainly — digits only, no
 * sign, no leading zero, no spaces — that fits PostgreSQL's `integer`. `/producto/007` is not
 * product 7: one spelling per id keeps URLs canonical and caches keyed by them honest.
 *
 * No zod here: pages import `parseId` for their loaders, and an import the browser build keeps
 * (it cannot tell the module has no side effects) would bring zod with it. `idField` is in
 * `validation/id-field.ts`.
 */

export const MAX_ID = 2_147_483_647;

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** The id `value` spells, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** Order numbers as staff type and links carry them: LJ and up to twelve digits (any letter case). */
const ORDER_NUMBER = /^LJ\d{1,12}$/i;

/** The order number `value` spells, upper-cased, or null. */
export function parseOrderNumber(value: unknown): string | null {
  return typeof value === "string" && ORDER_NUMBER.test(value) ? value.toUpperCase() : null;
}
