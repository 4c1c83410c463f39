import { getEnv } from "./env.server";

/**
 * Cross-site request forgery defence for every non-GET request, on top of SameSite=Lax cookies:
 * the browser's Origin (or, failing that, Referer) must be this shop. Requests without either
 * header (curl, server-to-server) are let through: they carry no browser cookies by accident.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const expected = new Set([new URL(request.url).origin]);
  const configured = getEnv().APP_ORIGIN;
  if (configured) expected.add(new URL(configured).origin);
  const forwardedHost = request.headers.get("X-Forwarded-Host");
  if (forwardedHost) {
    const proto = request.headers.get("X-Forwarded-Proto") ?? new URL(request.url).protocol.replace(":", "");
    expected.add(`${proto}://${forwardedHost}`);
  }
  const origin = request.headers.get("Origin");
  const referer = request.headers.get("Referer");
  const source = origin && origin !== "null" ? origin : referer ? safeOrigin(referer) : origin;
  if (source === null || source === undefined) return;
  if (!expected.has(source)) {
    throw new Response("Solicitud no permitida: origen desconocido.", { status: 403 });
  }
}

function safeOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return "invalid";
  }
}

/** Reads a form POST after the Origin check. Every action reads its form through this. */
export async function readForm(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  return request.formData();
}

/** The public origin of the shop, for links in e-mails and canonical URLs. */
export function getOrigin(request: Request): string {
  const configured = getEnv().APP_ORIGIN;
  if (configured) return new URL(configured).origin;
  return new URL(request.url).origin;
}
