import { getPublicOrigin } from "./origin.server";

/** Largest form body an action reads (a shopper's form is a few hundred bytes). */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * Paths whose requests may carry more than a form: the one place that says so, read by the HTTP
 * server before Remix runs and by `readForm`. The first prefix that matches wins. Payment
 * webhooks send JSON events; the product form (new and edit) carries its photos and its variants'
 * (up to 5 MB each: PRODUCT_FORM_MAX_BYTES holds about eight); a catalogue import is a CSV file.
 */
export const PRODUCT_FORM_MAX_BYTES = 40 * 1024 * 1024;

export const BODY_LIMITS: readonly { prefix: string; maxBytes: number }[] = [
  { prefix: "/webhooks/", maxBytes: 1024 * 1024 },
  { prefix: "/admin/productos/", maxBytes: PRODUCT_FORM_MAX_BYTES },
  { prefix: "/admin/importar", maxBytes: 5 * 1024 * 1024 },
];

/** The body limit of a path: its entry in BODY_LIMITS, else MAX_FORM_BYTES. */
export function maxBodyBytes(pathname: string): number {
  return BODY_LIMITS.find((limit) => pathname.startsWith(limit.prefix))?.maxBytes ?? MAX_FORM_BYTES;
}

/** What a rejected request gets: a 4xx and a message a person can read. */
export type Rejection = { status: number; message: string };

export const REJECTION_MESSAGES = {
  foreignOrigin: "Solicitud no permitida: el formulario no se envió desde la tienda.",
  tooLarge: "La solicitud es demasiado grande.",
  lengthRequired: "La solicitud no indica su tamaño.",
  unsupportedType: "Formato de solicitud no admitido: envía el formulario de la tienda.",
  unreadable: "No pudimos leer el formulario. Vuelve a intentarlo desde la tienda.",
  controlCharacters: "El formulario contiene caracteres no válidos.",
} as const;

type RequestLike = { method: string; url: string; headers: Headers };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence for every non-GET request, on top of SameSite=Lax cookies: the
 * browser's Origin (or, failing that, Referer) must be this shop — its public origin or the origin
 * the request was addressed to — and, as Remix itself demands before running an action, the Origin's
 * host must equal the forwarded or plain Host header. Running this first turns a forged request into
 * a 403 instead of Remix's 500. Requests with neither header (curl, payment webhooks) carry no
 * browser cookies by accident and pass.
 */
export function checkOrigin(request: RequestLike): Rejection | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const origin = request.headers.get("Origin");
  const referer = request.headers.get("Referer");
  if (origin === null && referer === null) return null;
  const source = origin ?? originOf(referer);
  const allowed = new Set([new URL(request.url).origin, getPublicOrigin(request)]);
  if (source === null || !allowed.has(source)) return { status: 403, message: REJECTION_MESSAGES.foreignOrigin };
  const host = hostHeader(request.headers) ?? new URL(request.url).host;
  if (origin !== null && new URL(origin).host !== host) {
    return { status: 403, message: REJECTION_MESSAGES.foreignOrigin };
  }
  return null;
}

/**
 * Body checks that need only the headers: a form body must be a form (urlencoded or multipart),
 * announce its size, and stay under `maxBytes`. Payment webhooks are JSON and checked by their route.
 */
export function checkBody(request: RequestLike, maxBytes = MAX_FORM_BYTES): Rejection | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const length = request.headers.get("Content-Length");
  const chunked = /chunked/i.test(request.headers.get("Transfer-Encoding") ?? "");
  if (length === null && chunked) return { status: 411, message: REJECTION_MESSAGES.lengthRequired };
  const bytes = length === null ? 0 : Number(length);
  if (!Number.isFinite(bytes) || bytes < 0) return { status: 400, message: REJECTION_MESSAGES.unreadable };
  if (bytes > maxBytes) return { status: 413, message: REJECTION_MESSAGES.tooLarge };
  return null;
}

/**
 * The checks a request passes before any action runs (the HTTP server runs them first too). The
 * size limit is the path's (BODY_LIMITS) unless given.
 */
export function checkRequest(
  request: RequestLike,
  maxBytes = maxBodyBytes(new URL(request.url).pathname),
): Rejection | null {
  return checkOrigin(request) ?? checkBody(request, maxBytes);
}

function reject({ status, message }: Rejection): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Throws the 403 of `checkOrigin` (for actions that read no form, e.g. logout). */
export function assertSameOrigin(request: Request): void {
  const rejection = checkOrigin(request);
  if (rejection) throw reject(rejection);
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** NUL and the other control characters no form field needs (tab, line feed and carriage return pass). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Reads a form POST after the origin and size checks. Every action reads its form through this, so
 * hostile bodies end here as a 4xx with a Spanish message: a foreign origin (403), a body too large
 * (413), not a form (415), unreadable or malformed (400), or a field with control characters such
 * as NUL, which PostgreSQL refuses to store (400). Values are bounded by the size limit.
 */
export async function readForm(
  request: Request,
  { maxBytes = maxBodyBytes(new URL(request.url).pathname) } = {},
): Promise<FormData> {
  const rejection = checkRequest(request, maxBytes);
  if (rejection) throw reject(rejection);
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    throw reject({ status: 415, message: REJECTION_MESSAGES.unsupportedType });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw reject({ status: 400, message: REJECTION_MESSAGES.unreadable });
  }
  for (const [key, value] of form) {
    if (CONTROL_CHARACTERS.test(key) || (typeof value === "string" && CONTROL_CHARACTERS.test(value))) {
      throw reject({ status: 400, message: REJECTION_MESSAGES.controlCharacters });
    }
  }
  return form;
}

function originOf(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The host Remix compares the Origin with: the first X-Forwarded-Host value, else Host. */
function hostHeader(headers: Headers): string | null {
  const forwarded = headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return forwarded || headers.get("Host");
}
