import type { LoaderFunctionArgs } from "@remix-run/node";
import { readinessDetails } from "~/utils/readiness-details.server";
import { checkReadiness } from "~/utils/health.server";

/**
 * Readiness for load balancers and deploys: 200 when this instance can serve shoppers (the database
 * answers, every migration applied), 503 with the reason otherwise. The body is the plain text load
 * balancers and scripts have always read (`ready`, `not ready: …`); asked for JSON (`Accept:
 * application/json` or `?format=json`) it is an object with the same verdict plus the details an operator
 * needs: the release running (build id, git commit) and whether e-mails are sent (docs/decisions/028).
 * The details never change the status.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const readiness = await checkReadiness();
  const status = readiness.ready ? 200 : 503;
  const headers = { "Cache-Control": "no-store", Vary: "Accept" };
  if (wantsJson(request)) {
    return Response.json(
      { ...readiness, ...readinessDetails() },
      { status, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } },
    );
  }
  return new Response(readiness.ready ? "ready" : `not ready: ${readiness.reason}`, {
    status,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

function wantsJson(request: Request): boolean {
  if (new URL(request.url).searchParams.get("format") === "json") return true;
  return /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "");
}
