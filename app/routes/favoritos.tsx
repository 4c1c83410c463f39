import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useState } from "react";
import { AddToCartPrompt } from "~/components/add-to-cart-prompt";
import { FAVORITES_KEPT, FAVORITES_KEY, piecesHref, readPieces, writePieces } from "~/components/browser-pieces";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HeartIcon } from "~/components/icons";
import { ProductCard } from "~/components/product-card";
import { SHOP_NAME } from "~/lib/constants";
import { parseId } from "~/lib/ids";
import { getProductCards } from "~/models/product.server";
import { PUBLIC_REVALIDATE } from "~/utils/security.server";

/**
 * Favoritos: the pieces whose heart the shopper pressed. The hearts live in this browser (the spec's
 * favourites are local only), so the page lists the pieces its address names (`?piezas=3,12,7`,
 * newest first): the header's link and this page put this browser's hearts there with JavaScript, and
 * such an address can be kept or shared. Also the cards of the recently viewed strip.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ids = parsePieces(new URL(request.url).searchParams.get("piezas"));
  return { ids, products: ids.length > 0 ? await getProductCards(ids) : [] };
}

/** The same for every visitor: it may come from a cache that revalidates it (ETag). */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_REVALIDATE });

/** Ids from `?piezas=`: well-formed ones, each once, at most FAVORITES_KEPT; anything else is ignored. */
function parsePieces(value: string | null): number[] {
  const ids = (value ?? "").split(",").flatMap((part) => parseId(part.trim()) ?? []);
  return [...new Set(ids)].slice(0, FAVORITES_KEPT);
}

export default function Favorites() {
  const { ids, products } = useLoaderData<typeof loader>();
  const { syncing, stored } = useFavoritesInAddress(ids);
  const remove = useRemoveFavorite();
  // The hearts can be taken away on this browser's own list (not on a list someone shared).
  const own = stored !== null && ids.every((id) => stored.includes(id));
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8" aria-labelledby="favoritos-titulo">
      <header className="mx-auto max-w-2xl text-center">
        <p className="eyebrow">Tu selección</p>
        <h1 id="favoritos-titulo" className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">
          Favoritos
        </h1>
        <p className="mt-4 text-ink-700">Las piezas que marcaste con ♡. Se guardan en este navegador.</p>
        <div className="mx-auto mt-6 h-px w-16 bg-gold-500" aria-hidden="true" />
      </header>
      {syncing ? (
        <p role="status" className="py-16 text-center text-sm text-ink-700">
          Cargando tus favoritos…
        </p>
      ) : products.length === 0 ? (
        <EmptyFavorites />
      ) : (
        <ul
          className="mt-12 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4"
          data-testid="favorites"
        >
          {products.map((product) => (
            <li key={product.id} className="relative flex">
              <ProductCard
                product={product}
                titleAs="h2"
                addToCartSlot={(selection) => <AddToCartPrompt selection={selection} />}
              />
              {own ? (
                <button
                  type="button"
                  onClick={() => remove(product.id)}
                  aria-label={`Quitar ${product.name} de favoritos`}
                  className="absolute right-2 top-2 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-red-800 shadow-sm transition hover:bg-white"
                >
                  <HeartIcon filled width={20} height={20} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * With JavaScript the address names this browser's hearts: a visit to /favoritos (or an address with
 * other pieces) is replaced by the one that lists them. True while that is on its way.
 */
function useFavoritesInAddress(ids: readonly number[]) {
  const navigate = useNavigate();
  const location = useLocation();
  const [stored, setStored] = useState<number[] | null>(null);
  useEffect(() => {
    const hearts = readPieces(FAVORITES_KEY);
    setStored(hearts);
    // An address with a list (this browser's, from the header, or a shared one) is shown as it is.
    if (new URLSearchParams(location.search).has("piezas") || hearts.length === 0) return;
    navigate(piecesHref(hearts), { replace: true });
  }, [location.search, navigate]);
  const syncing = ids.length === 0 && (stored === null ? false : stored.length > 0);
  return { syncing, stored };
}

/** Takes a heart away, here and in the address. */
function useRemoveFavorite() {
  const navigate = useNavigate();
  return (id: number) => {
    const ids = readPieces(FAVORITES_KEY).filter((other) => other !== id);
    writePieces(FAVORITES_KEY, ids);
    navigate(piecesHref(ids), { replace: true, preventScrollReset: true });
  };
}

function EmptyFavorites() {
  return (
    <div
      className="mx-auto mt-12 flex max-w-lg flex-col items-center rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-16 text-center"
      data-testid="favorites-empty"
    >
      <HeartIcon width={40} height={40} className="text-gold-600" />
      <h2 className="mt-6 font-serif text-2xl text-ink-900">Aún no tienes favoritos</h2>
      <p className="mt-2 max-w-sm text-sm text-ink-700">
        Toca el corazón de una pieza para guardarla aquí y encontrarla después.
      </p>
      <Link to="/#productos" className="btn-primary mt-8">
        Explorar la colección
      </Link>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `Favoritos — ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
