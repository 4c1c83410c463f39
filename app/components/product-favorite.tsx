import { useEffect, useState } from "react";
import { HeartIcon } from "./icons";

/** Where favourites live: this browser only. */
const FAVORITES_KEY = "favorite-products";

function readFavorites(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(FAVORITES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === "number") : [];
  } catch {
    return [];
  }
}

/** Heart toggle kept in localStorage; rendered only once JavaScript runs (it does nothing without it). */
export function FavoriteToggle({ productId, name }: { productId: number; name: string }) {
  const [favorite, setFavorite] = useState<boolean | null>(null);
  useEffect(() => setFavorite(readFavorites().includes(productId)), [productId]);
  if (favorite === null) return null;
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? `Quitar ${name} de favoritos` : `Añadir ${name} a favoritos`}
      onClick={() => {
        const next = !favorite;
        const ids = readFavorites().filter((id) => id !== productId);
        try {
          window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(next ? [...ids, productId] : ids));
        } catch {
          // Storage disabled: the heart still toggles for this visit.
        }
        setFavorite(next);
      }}
      className="flex h-11 w-11 items-center justify-center rounded-full border border-ink-700/20 bg-white text-ink-800 transition hover:border-gold-500 hover:text-gold-700 aria-[pressed=true]:text-red-800"
    >
      <HeartIcon filled={favorite} width={22} height={22} />
    </button>
  );
}
