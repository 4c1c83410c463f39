import { Link } from "~/components/link";
import { useEffect, useState } from "react";
import { FAVORITES_KEY, PIECES_CHANGED_EVENT, piecesHref, readPieces } from "./browser-pieces";
import { HeartIcon } from "./icons";

/**
 * The header's heart: /favoritos, counting this browser's hearts once JavaScript runs and leading
 * straight to the address that lists them (so the page loads them at once).
 */
export function FavoritesLink() {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    const read = () => setIds(readPieces(FAVORITES_KEY));
    read();
    // A heart pressed on this page, or in another tab.
    window.addEventListener(PIECES_CHANGED_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(PIECES_CHANGED_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, []);
  const count = ids.length;
  return (
    <Link
      to={piecesHref(ids)}
      className="btn-ghost relative"
      aria-label={count === 0 ? "Favoritos" : count === 1 ? "Favoritos, 1 pieza" : `Favoritos, ${count} piezas`}
      data-testid="favorites-link"
    >
      <HeartIcon />
      {count > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-ink-800 px-1 text-[0.7rem] font-medium text-white">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
