/** A base that can never be a real origin: only the path part of a target survives resolution. */
const PROBE_ORIGIN = "http://redirect.invalid";

/** Control characters (C0, DEL, C1) and backslashes: browsers skip or reinterpret them in URLs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\\]/;

/** Longer targets are not links a shopper followed; they are refused rather than echoed. */
const MAX_LENGTH = 2048;

/**
 * A redirect target that stays on this shop, or `fallback`.
 *
 * The target must be a path ("/…"): it is resolved against a fixed origin and accepted only when the
 * origin is unchanged, and the result is re-serialised, so what reaches the Location header is a
 * normalised, percent-encoded same-origin path (never "//evil.example", never a character that makes
 * the header invalid). Strings with control characters or backslashes are refused outright, because
 * browsers drop tabs and newlines and read "\" as "/" ("/\tevil.example" → "//evil.example").
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || UNSAFE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative path ("/.//evil.example" → "//evil.example").
  if (!target.startsWith("/") || target.startsWith("//") || UNSAFE.test(target)) return fallback;
  return target;
}
