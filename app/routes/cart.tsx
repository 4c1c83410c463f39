import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import { useLoaderData } from "@remix-run/react";
import { CartPageContent, type CartPageData } from "~/components/cart-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ADDED_FLASH, CART_LOG_TEXTS, CART_MESSAGES, type CartErrorCode, onlyLeftMessage } from "~/lib/cart-messages";
import type { CartActionData } from "~/lib/cart-messages";
import { CART_BAD_REQUEST, CartActionSchema, type CartCommand, type CartIntent } from "~/lib/validation/cart";
import {
  addToCart,
  CartError,
  clearCart,
  EMPTY_CART,
  type QuantityResult,
  removeLine,
  setLineQuantity,
} from "~/models/cart.server";
import { accountHref } from "~/lib/pending-add";
import { safeRedirect } from "~/lib/safe-redirect";
import { type Flash, setFlash } from "~/utils/flash.server";
import { isDatabaseUnavailable, whenDatabaseUnavailable } from "~/utils/db.server";
import { currentDeliveryWindow } from "~/lib/delivery";
import { getDeliverySettings } from "~/utils/env.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/session.server";
import { getViewer } from "~/models/viewer.server";
import { cartPageData } from "~/models/cart-page.server";
import { refuseWithoutSize, sizeRequired } from "~/models/size-choice.server";
import { logger } from "~/utils/logger.server";
import { PUBLIC_REVALIDATE } from "~/utils/security.server";

/** What each intent logs and shows when it fails unexpectedly. */
const FAILURE: Record<CartIntent, { log: string; code: CartErrorCode }> = {
  add: { log: CART_LOG_TEXTS.add, code: "add_failed" },
  "set-quantity": { log: CART_LOG_TEXTS.update, code: "update_failed" },
  remove: { log: CART_LOG_TEXTS.remove, code: "remove_failed" },
  clear: { log: CART_LOG_TEXTS.clear, code: "clear_failed" },
};

/** The user's cart; a logged-out visitor has an empty one (carts live on the server, per user). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // "Vaciar carrito" without JavaScript comes here first to ask for confirmation.
  const confirmClear = new URL(request.url).searchParams.get("confirmar") === "vaciar";
  // An outage is answered, not thrown: the drawer loads this route with a fetcher and must not
  // take the page down with it. Only a visitor with a session cookie reads the database.
  return whenDatabaseUnavailable(
    // The root loader's statement of the same request (session, user and lines): none of its own.
    async () => cartPageData(await getViewer(request, context), confirmClear),
    (): CartPageData => ({
      loggedIn: true,
      cart: EMPTY_CART,
      coupon: null,
      loadError: CART_MESSAGES.load_failed,
      confirmClear: false,
      delivery: currentDeliveryWindow(getDeliverySettings()),
    }),
    CART_LOG_TEXTS.load,
  );
}

/**
 * The page is the same for every visitor without the shop's cookies (an empty cart and the way to sign
 * in), so it is public like the catalogue (applyCachePolicy makes any request with the shop's cookies
 * private): the rendered-page cache keeps it, and a signed-in shopper's /cart is that page with their
 * cart put in (docs/decisions/069).
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_REVALIDATE });

/**
 * Every cart change, as a form post: `intent` = add | set-quantity | remove | clear, parsed with
 * one schema per intent. A request no page of the shop sends (unknown intent, malformed ids or
 * quantity) is a 400 with a Spanish message. A fetcher (JavaScript) sends `_fetcher=1` and gets
 * data back; a plain form post is redirected back — to `redirectTo` (or the Referer) for adds,
 * to /cart otherwise — with a flash message for the outcome.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: CartActionSchema });
  invariantResponse(submission.status === "success", () => firstMessage(submission.reply().error), { status: 400 });
  const command = submission.value;
  const { intent } = command;
  const viaFetcher = form.get("_fetcher") === "1";
  const back = intent === "add" ? addOrigin(request, form) : "/cart";

  const user = await getOptionalUser(request);
  if (!user) {
    // A size is chosen, never assumed: asked before the login, so the interrupted add carries it
    // (a signed-in shopper's add is refused by addToCart itself, in the same words).
    if (command.intent === "add" && command.variantId === null && (await sizeRequired(command.productId)))
      return refuseWithoutSize(request, back, viaFetcher);
    // The interrupted add: the login (or a registration) puts this piece in the cart and comes back.
    const loginHref = accountHref("/login", back, command.intent === "add" ? command : null);
    if (viaFetcher) {
      // With JavaScript the page opens the login modal on this address (app/components/use-add-to-cart.ts).
      return data<CartActionData>(
        { ok: false, code: "unauthenticated", message: CART_MESSAGES.unauthenticated, loginHref },
        { status: 401 },
      );
    }
    throw redirect(loginHref);
  }

  let result: QuantityResult | null = null;
  try {
    result = await runCommand(command, user.id);
  } catch (error) {
    let code: CartErrorCode;
    let status: number;
    if (error instanceof CartError) {
      if (error.code === "size_required") return refuseWithoutSize(request, back, viaFetcher);
      ({ code, status } = error);
    } else if (isDatabaseUnavailable(error)) {
      // The spec's stored texts ("Failed to add to cart", …) for a change the database could not take.
      logger.error({ reason: error instanceof Error ? error.message : String(error) }, FAILURE[intent].log);
      ({ code } = FAILURE[intent]);
      status = 503;
    } else {
      throw error;
    }
    const message = CART_MESSAGES[code];
    if (viaFetcher) return data<CartActionData>({ ok: false, code, message }, { status });
    throw redirect(back, {
      headers: {
        "Set-Cookie": await setFlash(request, { kind: "error", message }),
      },
    });
  }

  const notice = result?.limitedTo != null ? onlyLeftMessage(result.limitedTo) : null;
  if (viaFetcher) {
    return data<CartActionData>({
      ok: true,
      intent,
      quantity: result?.quantity ?? null,
      notice,
    });
  }
  const flash: Flash | null = notice
    ? { kind: "notice", message: notice }
    : intent === "add"
      ? { kind: "success", message: ADDED_FLASH }
      : null;
  throw redirect(back, flash ? { headers: { "Set-Cookie": await setFlash(request, flash) } } : undefined);
}

async function runCommand(command: CartCommand, userId: string): Promise<QuantityResult | null> {
  switch (command.intent) {
    case "add":
      return addToCart(userId, command);
    case "set-quantity":
      return setLineQuantity(userId, command.lineKey, command.quantity);
    case "remove":
      await removeLine(userId, command.lineKey);
      return null;
    case "clear":
      await clearCart(userId);
      return null;
  }
}

/** The first message of a failed parse: the schema's own Spanish messages. */
function firstMessage(error: Record<string, string[] | null> | undefined): string {
  return Object.values(error ?? {}).find((messages) => messages?.length)?.[0] ?? CART_BAD_REQUEST;
}

/** Where an add came from: the form's `redirectTo`, else the Referer's path, else the home page. */
function addOrigin(request: Request, form: FormData): string {
  const fallback = refererPath(request) ?? "/";
  return safeRedirect(form.get("redirectTo"), fallback);
}

function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return null;
    return safeRedirect(`${url.pathname}${url.search}`, "/");
  } catch {
    return null;
  }
}

export default function CartPage() {
  return <CartPageContent {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = () => [
  { title: "Tu carrito — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
