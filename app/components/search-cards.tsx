import type { SearchResult } from "~/models/search.server";
import { AddToCartPrompt } from "./add-to-cart-prompt";
import { ProductCard } from "./product-card";

/** Search cards in the results grid (up to 4 columns); logged out, a card's add button opens its page. */
export function SearchCards({
  products,
  loggedIn,
  label,
}: {
  products: SearchResult[];
  loggedIn: boolean;
  label?: string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4" aria-label={label}>
      {products.map((p) => (
        <li key={p.id} className="flex">
          <ProductCard
            product={p}
            badgeStyle="search"
            addToCartSlot={(s) => <AddToCartPrompt selection={s} loggedOutHref={loggedIn ? null : s.href} />}
          />
        </li>
      ))}
    </ul>
  );
}
