import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CartCloseLink, CartView } from "~/components/cart-view";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ADDED_FLASH, CART_LOG_TEXTS, CART_MESSAGES, type CartErrorCode, onlyLeftMessage } from "~/lib/cart-messages";
import type { CartActionData } from "~/lib/cart-messages";
import {
  addToCart,
  CartError,
  changeLineQuantity,
  clearCart,
  EMPTY_CART,
  getCart,
  type QuantityResult,
  removeLine,
  setLineQuantity,
} from "~/models/cart.server";
import { type Flash, setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser, safeRedirect } from "~/utils/session.server";

const INTENTS = ["add", "set-quantity", "increment", "decrement", "remove", "clear"] as const;
type Intent = (typeof INTENTS)[number];

/** What each intent logs and shows when it fails unexpectedly (spec §8). */
const FAILURE: Record<Intent, { log: string; code: CartErrorCode }> = {
  add: { log: CART_LOG_TEXTS.add, code: "add_failed" },
  "set-quantity": { log: CART_LOG_TEXTS.update, code: "update_failed" },
  increment: { log: CART_LOG_TEXTS.update, code: "update_failed" },
  decrement: { log: CART_LOG_TEXTS.update, code: "update_failed" },
  remove: { log: CART_LOG_TEXTS.remove, code: "remove_failed" },
  clear: { log: CART_LOG_TEXTS.clear, code: "clear_failed" },
};

/** The user's cart; a logged-out visitor has an empty one (carts live on the server, per user). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { loggedIn: false, cart: EMPTY_CART, loadError: null };
  try {
    return { loggedIn: true, cart: await getCart(user.id), loadError: null };
  } catch (error) {
    // Returned, not thrown: the drawer loads this route with a fetcher and must not crash the page.
    console.error(CART_LOG_TEXTS.load, error);
    return {
      loggedIn: true,
      cart: EMPTY_CART,
      loadError: CART_MESSAGES.load_failed,
    };
  }
}

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
});

/**
 * Every cart change, as a form post: `intent` = add | set-quantity | increment | decrement |
 * remove | clear. A fetcher (JavaScript) sends `_fetcher=1` and gets data back; a plain form
 * post is redirected back — to `redirectTo` (or the Referer) for adds, to /cart otherwise —
 * with a flash message for the outcome.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isIntent(intent)) throw new Response("Solicitud no válida", { status: 400 });
  const viaFetcher = form.get("_fetcher") === "1";
  const back = intent === "add" ? addOrigin(request, form) : "/cart";

  const user = await getOptionalUser(request);
  if (!user) {
    if (viaFetcher) {
      // The add-to-cart prompt sends the shopper to /login with the page as origin.
      return data<CartActionData>(
        {
          ok: false,
          code: "unauthenticated",
          message: CART_MESSAGES.unauthenticated,
        },
        { status: 401 },
      );
    }
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }

  let result: QuantityResult | null = null;
  try {
    result = await runIntent(intent, user.id, form);
  } catch (error) {
    if (error instanceof Response) throw error;
    let code: CartErrorCode;
    let status: number;
    if (error instanceof CartError) {
      ({ code, status } = error);
    } else {
      console.error(FAILURE[intent].log, error);
      ({ code } = FAILURE[intent]);
      status = 500;
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

async function runIntent(intent: Intent, userId: string, form: FormData): Promise<QuantityResult | null> {
  const lineKey = String(form.get("lineKey") ?? "");
  switch (intent) {
    case "add":
      return addToCart(userId, {
        productId: requireId(form.get("productId")),
        variantId: optionalId(form.get("variantId")),
        quantity: parseQuantity(form.get("quantity"), 1),
      });
    case "set-quantity":
      return setLineQuantity(userId, lineKey, parseQuantity(form.get("quantity"), null));
    case "increment":
      return changeLineQuantity(userId, lineKey, 1);
    case "decrement":
      return changeLineQuantity(userId, lineKey, -1);
    case "remove":
      await removeLine(userId, lineKey);
      return null;
    case "clear":
      await clearCart(userId);
      return null;
  }
}

function isIntent(value: FormDataEntryValue | null): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
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

/** Ids are positive integers; anything else is a malformed request, not a shopper's mistake. */
function requireId(value: FormDataEntryValue | null): number {
  const id = optionalId(value);
  if (id === null) throw new Response("Solicitud no válida", { status: 400 });
  return id;
}

function optionalId(value: FormDataEntryValue | null): number | null {
  if (value === null || value === "" || value === "base") return null;
  const id = Number(value);
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value) || id <= 0) {
    throw new Response("Solicitud no válida", { status: 400 });
  }
  return id;
}

function parseQuantity(value: FormDataEntryValue | null, fallback: number | null): number {
  if ((value === null || value === "") && fallback !== null) return fallback;
  const n = typeof value === "string" && /^-?\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n)) throw new CartError("invalid_quantity", 400);
  return n;
}

export default function CartPage() {
  const { cart, loggedIn, loadError } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-10 sm:px-6 lg:px-8" aria-labelledby="cart-title">
      <div className="mb-8 flex items-end justify-between gap-4 border-b border-ink-900/10 pb-6">
        <div>
          <p className="eyebrow">Joyería Aurora</p>
          <h1 id="cart-title" className="mt-2 font-serif text-4xl text-ink-900 sm:text-5xl">
            Tu carrito
          </h1>
        </div>
        <CartCloseLink />
      </div>
      <CartView cart={cart} loggedIn={loggedIn} layout="page" loadError={loadError} />
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Tu carrito — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
