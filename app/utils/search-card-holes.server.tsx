import { renderToString } from "react-dom/server";
import { CardAddControl } from "~/components/card-add-control";
import { type CardProduct, cardView } from "~/lib/catalog";
import { routeDataOf } from "./page-data.server";

/**
 * The search page's cards as holes of the stored anonymous page (docs/decisions/046). A search card's
 * add control is the one part of the page's body that differs for a signed-in shopper: logged out, a
 * link to the product page (the spec: a logged-out shopper who adds from a search card is sent there);
 * signed in, the quantity form posting to /cart. Both are `CardAddControl`, a pure function of the
 * card's selection and the page's address, the same for every signed-in shopper.
 *
 * The cards are read from the page's own hydration data (its results, or the featured pieces of a
 * search that found nothing), each control rendered both ways, and each anonymous one found in the page
 * exactly once. Every add control of the page must be accounted for — a hole, or markup the same for
 * both (Agotado) — else the page is not assembled (null), and a shopper never sees a logged-out link.
 */
export type CardHoles = {
  /** The page's own address, which the forms come back to (`pageAddressOf`). */
  here: string;
  /** Per hole, in the same order: the anonymous markup (found once in the page) and the signed-in one. */
  anonymous: string[];
  signedIn: string[];
};

const CONTROL = 'data-testid="add-to-cart"';

export function searchCardHoles(html: string, here: string): CardHoles | null {
  try {
    return holesOf(html, here);
  } catch {
    return null; // data of another shape than a card's: the page is rendered as before
  }
}

function holesOf(html: string, here: string): CardHoles | null {
  const products = cardsOf(routeDataOf(html, "routes/search"));
  if (!products) return null;
  const holes: CardHoles = { here, anonymous: [], signedIn: [] };
  const same = new Set<string>();
  for (const product of products) {
    const { selection } = cardView(product, null);
    const anonymous = renderToString(
      <CardAddControl selection={selection} loggedOutHref={selection.href} redirectTo={here} />,
    );
    const signedIn = renderToString(<CardAddControl selection={selection} loggedOutHref={null} redirectTo={here} />);
    if (anonymous === signedIn) {
      same.add(anonymous);
      continue;
    }
    const found = occurrences(html, anonymous);
    if (found === 0) continue; // not shown (the featured pieces of a search that found some)
    if (found > 1) return null;
    holes.anonymous.push(anonymous);
    holes.signedIn.push(signedIn);
  }
  let accounted = holes.anonymous.length;
  for (const markup of same) accounted += occurrences(html, markup);
  return occurrences(html, CONTROL) === accounted ? holes : null;
}

/** The results and featured pieces of the search loader's data (`routes/search`), each once; null if not that shape. */
function cardsOf(data: unknown): CardProduct[] | null {
  const list = (data as { list?: { products?: unknown; featured?: unknown } } | undefined)?.list;
  if (!list || !Array.isArray(list.products) || !Array.isArray(list.featured)) return null;
  const byId = new Map<number, CardProduct>();
  for (const product of [...list.products, ...list.featured] as CardProduct[]) {
    if (typeof product?.id !== "number" || typeof product.name !== "string") return null;
    if (!byId.has(product.id)) byId.set(product.id, product);
  }
  return [...byId.values()];
}

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count += 1;
  return count;
}
