import type { ActionFunctionArgs } from "@remix-run/node";
import { handleWebhook } from "~/models/payment-webhook.server";
import { absoluteUrl } from "~/utils/origin.server";

/**
 * Stripe's (or the simulator's) webhook: POST only, the raw body is verified against its signature
 * before anything is read from it. The HTTP server lets up to 1 MiB through for /webhooks/ and
 * requires no Origin (providers send none).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return text("Método no permitido", 405, { Allow: "POST" });
  const body = await request.text();
  const result = await handleWebhook(body, request.headers.get("Stripe-Signature"), absoluteUrl(request, "/orders"));
  return text(result.body, result.status);
}

export function loader() {
  return text("Método no permitido", 405, { Allow: "POST" });
}

function text(body: string, status: number, headers: Record<string, string> = {}) {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
