/** Pure catalogue rules shared by server and browser. */

type Flags = { isNew: boolean; isFeatured: boolean };

/** Spec §2: new and featured first, then new, then featured, then the rest. */
export function gridRank(p: Flags): number {
  if (p.isNew && p.isFeatured) return 0;
  if (p.isNew) return 1;
  if (p.isFeatured) return 2;
  return 3;
}

/** Stable sort by grid rank; the incoming order (newest first) is kept within each rank. */
export function sortForGrid<T extends Flags>(products: readonly T[]): T[] {
  return products
    .map((p, i) => ({ p, i }))
    .sort((a, b) => gridRank(a.p) - gridRank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}
