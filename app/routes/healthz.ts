import { prisma } from "~/utils/db.server";

/** Liveness and readiness for load balancers and Docker's HEALTHCHECK: the database must answer. */
export async function loader() {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return new Response("OK", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("[healthz] database check failed", error);
    return new Response("database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
