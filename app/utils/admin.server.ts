import { invariantResponse } from "@epic-web/invariant";
import { data, redirect } from "@remix-run/node";
import { SHOP_TIME_ZONE } from "~/lib/dates";
import { hasRole, type RoleName } from "~/lib/roles";
import { setFlash } from "./flash.server";
import { currentPath, type SessionUser } from "./session.server";

/**
 * For admin actions where some intents need more than the route's role (a worker may edit stock
 * on the product list, only an admin may delete): call after `requireUserWithRole`, before
 * anything is written. Answers 403 "Acceso Denegado", as the guard does.
 */
export function assertRole(user: SessionUser, role: RoleName): void {
  invariantResponse(hasRole(user.role, role), "Acceso Denegado", { status: 403, statusText: "Forbidden" });
}

/** What a staff action answers a fetcher: the row shows the message next to its form. */
export type AdminResult = { ok: boolean; message: string };

/**
 * Answers a row form of the panel. A fetcher (JavaScript, `_fetcher=1`) gets the result as data,
 * with a 4xx status when it failed; a plain form post is redirected back to the page it came
 * from (post/redirect/get), the message riding along as a flash.
 */
export async function answerRowForm(
  request: Request,
  form: FormData,
  result: AdminResult,
  options: { status?: number; redirectTo?: string } = {},
) {
  const status = options.status ?? (result.ok ? 200 : 400);
  if (form.get("_fetcher") === "1") return data(result, { status });
  throw redirect(options.redirectTo ?? currentPath(request), {
    headers: {
      "Set-Cookie": await setFlash(request, { kind: result.ok ? "success" : "error", message: result.message }),
    },
  });
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A search box's text from the query string: control characters dropped, trimmed, bounded. */
export function searchText(url: URL, name = "q"): string {
  return (url.searchParams.get(name) ?? "").replace(CONTROL_CHARACTERS, "").trim().slice(0, 100);
}

/**
 * A CSV download: streamed as it is read, named `<name>-<date>.csv`, never cached (staff data), and
 * never sniffed as anything else.
 */
export function csvDownload(body: ReadableStream<Uint8Array>, name: string): Response {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: SHOP_TIME_ZONE }).format(new Date());
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
