import { PHONE_DIGITS } from "./constants";

/** What people put between the digits of a phone number: spaces, dashes, dots, brackets, slashes. */
const SEPARATORS = /[\s\-.()/]+/g;

/**
 * A Mexican phone number as people write it — `55 1234 5678`, `55-1234-5678`, `(55) 1234 5678`,
 * `+52 55 1234 5678`, `+52 1 55 1234 5678` (the old mobile prefix) — reduced to what is stored: its
 * ten digits. Anything else (letters, a foreign country code, too few digits) comes back as typed
 * without separators, and the ten-digit rule then refuses it.
 */
export function normalizePhone(value: string): string {
  const compact = value.replace(SEPARATORS, "");
  const international = compact.startsWith("+52")
    ? compact.slice(3)
    : compact.startsWith("0052")
      ? compact.slice(4)
      : null;
  if (international !== null) return withoutMobilePrefix(international);
  // Without the plus sign: 52 followed by the ten digits (or 521 and the ten digits).
  if (/^52\d{10}$/.test(compact)) return compact.slice(2);
  if (/^521\d{10}$/.test(compact)) return compact.slice(3);
  return compact;
}

function withoutMobilePrefix(digits: string): string {
  return digits.length === PHONE_DIGITS + 1 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** "55 1234 5678": a stored number as shoppers read it (two-digit area codes of the big cities, else 3-3-4). */
export function formatPhone(digits: string): string {
  if (!/^\d{10}$/.test(digits)) return digits;
  return /^(55|56|33|81)/.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`
    : `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}
