import { useEffect, useState } from "react";
import { FAVORITES_KEPT, FAVORITES_KEY, putFirst, readPieces, writePieces } from "./browser-pieces";
import { HeartIcon } from "./icons";

/**
 * Heart toggle kept in this browser (localStorage); rendered only once JavaScript runs (it does
 * nothing without it). The header's Favoritos link counts the hearts and leads to /favoritos.
 */
export function FavoriteToggle({ productId, name }: { productId: number; name: string }) {
  const [favorite, setFavorite] = useState<boolean | null>(null);
  useEffect(() => setFavorite(readPieces(FAVORITES_KEY).includes(productId)), [productId]);
  if (favorite === null) return null;
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? `Quitar ${name} de favoritos` : `Agregar ${name} a favoritos`}
      onClick={() => {
        if (favorite) {
          writePieces(
            FAVORITES_KEY,
            readPieces(FAVORITES_KEY).filter((id) => id !== productId),
          );
        } else {
          putFirst(FAVORITES_KEY, productId, FAVORITES_KEPT);
        }
        setFavorite(!favorite);
      }}
      className="flex h-11 w-11 items-center justify-center rounded-full border border-ink-700/20 bg-white text-ink-800 transition hover:border-gold-500 hover:text-gold-700 aria-[pressed=true]:text-red-800"
    >
      <HeartIcon filled={favorite} width={22} height={22} />
    </button>
  );
}
