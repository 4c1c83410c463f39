import { renderToString } from "react-dom/server";
import { FlashMessage } from "~/components/flash-message";
import { CartLink, DesktopAccount, type HeaderUser, MobileAccount } from "~/components/header";
import { ReviewNotice, reviewLoginHref } from "~/components/product-reviews";
import { parseId } from "~/lib/ids";
import { cachedRouteOf, pageAddressOf } from "~/lib/page-params";
import type { ReviewEligibility } from "~/lib/reviews";
import { viewerOnProduct } from "~/models/review-eligibility.server";
import { anonymousCartPageData, cartPageData } from "~/models/cart-page.server";
import { getViewer, type Viewer } from "~/models/viewer.server";
import { CART_PATHS, cartPartHtml, cartValues } from "./cart-hole.server";
import { isDatabaseUnavailable } from "./db.server";
import { getPublicEnv } from "./env.server";
import { type Flash, readFlashes } from "./flash.server";
import { type PageTemplate, type PatchValue, assemble, NONCE, templateOf } from "./page-splice.server";
import {
  type CachedAnswer,
  countAssembled,
  pageAddress,
  renderedPages,
  type StoredPage,
} from "./rendered-pages.server";
import { type CardHoles, searchCardHoles } from "./search-card-holes.server";
import { hasShopCookie } from "./shop-cookies.server";
import { freshNonce } from "./nonce.server";

/**
 * Signed-in catalogue pages from the shared page (docs/decisions/046): the home and category grids, the
 * product pages, the search pages and /cart (docs/decisions/069) of a request carrying the shop's cookies
 * are the anonymous page of the same address from the rendered-page cache, with the shopper's own parts
 * put in — the header's account menu and cart badge, a product's review notice, a search card's add form,
 * the cart's lines, the one-shot message of the previous post (consumed with the same Set-Cookie the root
 * loader writes), and the same values in the loader data the browser hydrates from — and a fresh nonce.
 * One statement reads the shopper (getViewer; on a product page with their review eligibility,
 * docs/decisions/070); the catalogue is not rendered again.
 *
 * Rendered as before (null here) whenever assembling would not give exactly the page Remix renders:
 * the anonymous page cannot be had (not cached and no `fill`, or not a 200), the one-shot message is
 * for a field (the page shows it beside the sizes or the code's box), a pixel event waits for a
 * configured pixel, the shopper may write a review (the form), the cart asks before clearing, the
 * database is out of reach, or the page's template cannot be made (a slot not found once, a search card
 * not accounted for).
 */

type Request = { method: string; url: string; cookie: string | undefined };

/** The header's and the review notice's paths in the loader data, in the order of the values. */
const ROOT_PATHS = [
  ["root", "user"],
  ["root", "cartCount"],
  ["root", "flash"],
] as const;
const PRODUCT_PATHS = [...ROOT_PATHS, ["routes/producto.$id", "product", "reviewEligibility"]] as const;

type Shape = {
  route: "home" | "product" | "search" | "cart";
  here: string;
  loginHref: string;
  reviewHref: string | null;
};

const CART_PAGE_PATHS = [...ROOT_PATHS, ...CART_PATHS] as const;

/** A stored page's template, and a search page's cards (no holes elsewhere). */
type Assembly = { template: PageTemplate; cards: CardHoles | null };

/** Templates per stored page (a page replaced or dropped takes its template with it). */
const templates = new WeakMap<StoredPage, Assembly | null>();

/**
 * `fill(key)` renders and stores the anonymous page of `key` (the HTTP server's, server/app.mjs): called
 * when it is not cached or has expired, so pages only signed-in shoppers visit are assembled too.
 */
export async function assemblePersonalPage(
  request: Request,
  fill?: (key: string) => Promise<StoredPage | null | void>,
): Promise<CachedAnswer | null> {
  if ((request.method !== "GET" && request.method !== "HEAD") || !hasShopCookie(request.cookie)) return null;
  const url = new URL(request.url);
  const shape = shapeOf(url);
  if (!shape) return null;
  // The database out of reach: Remix's render answers it as every page does (503, Error de Conexión).
  return assembled(request, url, shape, fill).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  });
}

async function assembled(
  request: Request,
  url: URL,
  shape: Shape,
  fill: ((key: string) => Promise<StoredPage | null | void>) | undefined,
): Promise<CachedAnswer | null> {
  const fetchRequest = new Request(request.url, { headers: { Cookie: request.cookie ?? "" } });
  // The root loader's one-shot values: a message without a field is the flash slot; a field's message
  // and a configured pixel's event are the page's own to render.
  const { flash, pixelEvent, setCookie } = await readFlashes(fetchRequest);
  if (flash?.field || (pixelEvent && getPublicEnv().META_PIXEL_ID)) return null;
  const key = pageAddress(request.url);
  const productId = shape.route === "product" ? parseId(url.pathname.slice("/producto/".length)) : null;
  const [{ viewer, eligibility }, page] = await Promise.all([
    productId
      ? viewerOnProduct(fetchRequest, productId)
      : getViewer(fetchRequest, undefined, { ahead: true }).then((viewer) => ({ viewer, eligibility: null })),
    storedOrFilled(key, fill),
  ]);
  if (!page || page.status !== 200) return null;
  if (eligibility === "can-review") return null;
  const assembly = assemblyFor(page, shape);
  if (!assembly) return null;
  const { template, cards } = assembly;
  const slots = slotsOf(shape, viewer, eligibility, flash);
  if (cards) slots.push(...(viewer ? cards.signedIn : cards.anonymous));
  const values = valuesOf(shape, viewer, eligibility, flash);
  if (shape.route === "cart") {
    // The shopper's cart in the place of the empty one (docs/decisions/069).
    const cart = await cartPageData(viewer);
    slots.push(cartPartHtml(cart, rootOf(viewer, flash)));
    values.push(...cartValues(cart));
  }
  const nonce = freshNonce();
  const body = assemble(template, slots, values, nonce);
  countAssembled(key);
  const headers = personalHeaders(page.headers, nonce);
  if (setCookie) headers.push(["Set-Cookie", setCookie]);
  return { status: 200, headers, body };
}

/** The stored page of `key`, else the one `fill` renders for this request (stored or not, see `begin`). */
async function storedOrFilled(key: string, fill: ((key: string) => Promise<StoredPage | null | void>) | undefined) {
  const pages = renderedPages();
  const page = pages.stored(key);
  if (page || !fill) return page;
  return (await fill(key)) ?? pages.stored(key);
}

function shapeOf(url: URL): Shape | null {
  const route = cachedRouteOf(url.pathname);
  const here = pageAddressOf(url.pathname, url.search);
  const loginHref = `/login?redirectTo=${encodeURIComponent(here)}`;
  if (route === "home" || route === "search") return { route, here, loginHref, reviewHref: null };
  // The cart as it is (asked "¿Vaciar el carrito?" without JavaScript, it is the route's own page).
  if (route === "cart") return here === "/cart" ? { route, here, loginHref, reviewHref: null } : null;
  if (route !== "product") return null;
  const id = parseId(url.pathname.slice("/producto/".length));
  return id ? { route, here, loginHref, reviewHref: reviewLoginHref(`/producto/${id}`) } : null;
}

function assemblyFor(page: StoredPage, shape: Shape): Assembly | null {
  let assembly = templates.get(page);
  if (assembly === undefined) {
    const html = page.parts.join(NONCE);
    const cards = shape.route === "search" ? searchCardHoles(html, shape.here) : null;
    const paths = shape.route === "product" ? PRODUCT_PATHS : shape.route === "cart" ? CART_PAGE_PATHS : ROOT_PATHS;
    const anonymous = [...slotsOf(shape, null, null, null), ...(cards?.anonymous ?? [])];
    if (shape.route === "cart") anonymous.push(cartPartHtml(anonymousCartPageData(), rootOf(null, null)));
    const template = shape.route !== "search" || cards ? templateOf(html, anonymous, paths) : null;
    assembly = template ? { template, cards } : null;
    templates.set(page, assembly);
  }
  // A search card's form comes back to the page's address: the one its holes were made for.
  return assembly && (!assembly.cards || assembly.cards.here === shape.here) ? assembly : null;
}

/** The markup of the shopper's parts, in the order the template knows them. */
function slotsOf(
  shape: Shape,
  viewer: Viewer | null,
  eligibility: ReviewEligibility | null,
  flash: Flash | null,
): string[] {
  const user: HeaderUser = viewer ? { displayName: viewer.user.displayName, role: viewer.user.role } : null;
  const count = viewer?.cart.count ?? 0;
  const who = user ? `${user.role}\u0001${user.displayName}` : "";
  const slots = [
    rendered(`m\u0001${shape.loginHref}\u0001${who}`, () => <MobileAccount user={user} loginHref={shape.loginHref} />),
    rendered(`c\u0001${count}`, () => <CartLink count={count} />),
    rendered(`d\u0001${shape.loginHref}\u0001${who}`, () => <DesktopAccount user={user} loginHref={shape.loginHref} />),
    rendered(`f\u0001${flash ? `${flash.kind}\u0001${flash.message}` : ""}`, () => <FlashMessage flash={flash} />),
  ];
  if (shape.reviewHref) {
    const notice = viewer ? (eligibility === "can-review" ? null : (eligibility ?? "not-purchased")) : null;
    slots.push(
      rendered(`r\u0001${shape.reviewHref}\u0001${notice}`, () => (
        <ReviewNotice eligibility={notice} loginHref={shape.reviewHref!} />
      )),
    );
  }
  return slots;
}

/** Slot markup already rendered, by what it shows (a shopper's next pages reuse theirs); bounded. */
const renderedSlots = new Map<string, string>();
const MAX_RENDERED_SLOTS = 5_000;

function rendered(key: string, element: () => React.ReactElement): string {
  let html = renderedSlots.get(key);
  if (html === undefined) {
    html = renderToString(element());
    if (renderedSlots.size >= MAX_RENDERED_SLOTS) renderedSlots.delete(renderedSlots.keys().next().value as string);
    renderedSlots.set(key, html);
  }
  return html;
}

/** The root loader's `user`, `cartCount` and `flash` (app/root.tsx), and a product's `reviewEligibility`. */
function valuesOf(
  shape: Shape,
  viewer: Viewer | null,
  eligibility: ReviewEligibility | null,
  flash: Flash | null,
): PatchValue[] {
  const { user, cartCount, flash: message } = rootOf(viewer, flash);
  const values: PatchValue[] = [user, cartCount, message];
  if (shape.route === "product") values.push(eligibility);
  return values;
}

/** The root loader's `user`, `cartCount` and `flash` for this shopper and message. */
function rootOf(viewer: Viewer | null, flash: Flash | null) {
  const user = viewer
    ? { displayName: viewer.user.displayName, role: viewer.user.role, email: viewer.user.email }
    : null;
  return {
    user,
    cartCount: viewer?.cart.count ?? 0,
    flash: flash ? { kind: flash.kind, message: flash.message } : null,
  };
}

/** What a shared cache reads on a public page: gone from a personal one (never kept, nothing to purge). */
const SHARED_ONLY = new Set(["etag", "xkey", "surrogate-key"]);

/** The stored page's headers for one shopper: never kept by any cache, no ETag, this response's nonce. */
function personalHeaders(headers: readonly [string, string][], nonce: string): [string, string][] {
  return headers
    .filter(([name]) => !SHARED_ONLY.has(name.toLowerCase()))
    .map(([name, value]): [string, string] => {
      if (name.toLowerCase() === "cache-control") return [name, "private, no-store"];
      if (name.toLowerCase() === "content-security-policy")
        return [name, value.replace(/'nonce-[^']+'/g, `'nonce-${nonce}'`)];
      return [name, value];
    });
}
