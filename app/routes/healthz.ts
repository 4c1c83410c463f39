/**
 * Liveness for Docker's HEALTHCHECK and orchestrators: the process serves HTTP. It asks nothing of the
 * database (a database outage would otherwise get every instance restarted): readiness is /readyz.
 */
export function loader() {
  return new Response("OK", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
