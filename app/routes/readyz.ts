import { checkReadiness } from "~/utils/health.server";

/**
 * Readiness for load balancers and deploys: 200 when this instance can serve shoppers (the database
 * answers, every migration applied), 503 with the reason otherwise.
 */
export async function loader() {
  const readiness = await checkReadiness();
  return new Response(readiness.ready ? "ready" : `not ready: ${readiness.reason}`, {
    status: readiness.ready ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
