import { data, redirect } from "@remix-run/node";
import { CART_MESSAGES, type CartActionData } from "~/lib/cart-messages";
import { SIZE_ANCHOR } from "~/lib/size-choice";
import { isDatabaseUnavailable, prisma } from "~/utils/db.server";
import { setFlash } from "~/utils/flash.server";
import { ACTIVE_VARIANT } from "./product.server";

/**
 * A size is chosen, never assumed (issue 37): an add of a product with sizes must name the variant.
 * The /cart action asks before anything else — before the login too, so a logged-out shopper picks
 * the size first and the interrupted add that resumes after the login carries it. addToCart refuses
 * the same way (`size_required`) for every other path.
 */

/** Whether `productId` has sizes to choose from (then an add without a variant is refused). */
export async function sizeRequired(productId: number): Promise<boolean> {
  try {
    const sized = await prisma.variant.findFirst({
      where: { productId, size: { not: null }, ...ACTIVE_VARIANT },
      select: { id: true },
    });
    return sized !== null;
  } catch (error) {
    // The add itself answers the outage in the cart's own words.
    if (isDatabaseUnavailable(error)) return false;
    throw error;
  }
}

/**
 * "Elige tu talla", next to the sizes: data for a fetcher (JavaScript), else back to the product page
 * at its sizes with a one-shot message the page shows there (not in the page-wide flash).
 */
export async function refuseWithoutSize(request: Request, back: string, viaFetcher: boolean) {
  const message = CART_MESSAGES.size_required;
  if (viaFetcher) return data<CartActionData>({ ok: false, code: "size_required", message }, { status: 422 });
  const cookie = await setFlash(request, { kind: "error", message, field: SIZE_ANCHOR });
  throw redirect(`${back.split("#")[0]}#${SIZE_ANCHOR}`, { headers: { "Set-Cookie": cookie } });
}
