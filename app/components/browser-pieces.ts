/**
 * Lists of pieces kept in this browser only (the spec's favourites are "local only"): the hearts and
 * the pieces recently viewed. Read and written in event handlers and effects, never while rendering
 * on the server. A change is announced with PIECES_CHANGED_EVENT (and, from other tabs, the browser's
 * `storage` event), so the header's favourites count follows.
 */

export const FAVORITES_KEY = "favorite-products";
export const RECENTLY_VIEWED_KEY = "recently-viewed";
export const PIECES_CHANGED_EVENT = "pieces:changed";

/** How many recently viewed pieces are remembered, and favourites listed. */
export const RECENTLY_VIEWED_KEPT = 12;
export const FAVORITES_KEPT = 60;

/** The ids stored under `key`, newest first; an empty list when storage is unavailable or mangled. */
export function readPieces(key: string): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

/** Stores `ids` under `key` (storage disabled: the change lasts for this visit only). */
export function writePieces(key: string, ids: readonly number[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage disabled or full: nothing to keep.
  }
  window.dispatchEvent(new CustomEvent(PIECES_CHANGED_EVENT, { detail: key }));
}

/** Puts `id` first in the list under `key`, keeping at most `kept` ids. */
export function putFirst(key: string, id: number, kept: number): number[] {
  const ids = [id, ...readPieces(key).filter((other) => other !== id)].slice(0, kept);
  writePieces(key, ids);
  return ids;
}

/** The /favoritos address that lists `ids` (also the loader the recently viewed strip reads). */
export function piecesHref(ids: readonly number[]): string {
  return ids.length > 0 ? `/favoritos?piezas=${ids.join(",")}` : "/favoritos";
}
