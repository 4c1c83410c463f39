/**
 * The advertising pixel's one-shot events as they travel in the session cookie:
 * "Name:eventId", or "Purchase:eventId:value:currency" for a purchase (value in pesos, two
 * decimals). The event id lets the pixel de-duplicate the browser event with a server one.
 */

export type PixelEvent = { name: string; id: string; params?: { value: number; currency: string } };

const NAME = /^[A-Za-z]{1,40}$/;
const ID = /^[\w-]{1,64}$/;
const CURRENCY = /^[A-Z]{3}$/;

export function encodePixelEvent(event: PixelEvent): string {
  const base = `${event.name}:${event.id}`;
  return event.params ? `${base}:${event.params.value.toFixed(2)}:${event.params.currency}` : base;
}

/** The event a cookie value names, or null for anything malformed. */
export function parsePixelEvent(raw: string | null | undefined): PixelEvent | null {
  if (!raw) return null;
  const [name = "", id = "", value, currency, ...rest] = raw.split(":");
  if (!NAME.test(name) || !ID.test(id) || rest.length > 0) return null;
  if (value === undefined && currency === undefined) return { name, id };
  const amount = Number(value);
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value ?? "") || !CURRENCY.test(currency ?? "")) return null;
  return { name, id, params: { value: amount, currency: currency! } };
}
