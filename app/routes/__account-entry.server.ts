import { data, redirect } from "@remix-run/node";
import { readPendingAdd } from "~/lib/pending-add";
import { safeRedirect } from "~/lib/safe-redirect";
import { resumePendingAdd } from "~/models/pending-add.server";
import { FLASH_KEY } from "~/utils/flash.server";
import { createUserSession } from "~/utils/session.server";

/**
 * What /login and /register answer once the shopper is in: a new session, the interrupted add (the
 * piece they pressed AGREGAR for while logged out) put in the cart with its confirmation as the next
 * page's message, then back where they were. A page's form is redirected there; the auth modal's
 * fetcher (`_fetcher=1`) gets `{ loggedIn: true }` instead, so the page it floats over revalidates in
 * place — the cart badge and the message appear, and the shopper keeps the pieces they had loaded
 * and their scroll position.
 */
export async function enterAccount(
  request: Request,
  form: FormData,
  userId: string,
  { headers = new Headers(), flash = {} }: { headers?: Headers; flash?: Record<string, unknown> } = {},
) {
  const add = readPendingAdd(form);
  const message = add ? await resumePendingAdd(userId, add) : null;
  headers.append(
    "Set-Cookie",
    await createUserSession(request, userId, { flash: { ...flash, ...(message ? { [FLASH_KEY]: message } : {}) } }),
  );
  if (form.get("_fetcher") === "1") return data({ loggedIn: true as const }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}
