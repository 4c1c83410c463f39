/**
 * When the next sale event starts or ends (docs/decisions/057-sale-events.md): every cached page and
 * catalogue read must be gone by then, or it would show a sale price after the sale or miss its start.
 * The sale schedule (app/models/sale-events.server.ts) reports its instants each time it is read; the
 * shared-cache headers (s-maxage) and the rendered-page cache cap what they keep at the next one.
 */

let instants: readonly number[] = [];

/** The starts and ends of the events not yet over, as last read (replaces what was known). */
export function noteSaleInstants(next: readonly number[]): void {
  instants = [...next].sort((a, b) => a - b);
}

/** Milliseconds from `now` to the next start or end, or null when none is known. */
export function msToNextSaleBoundary(now: number = Date.now()): number | null {
  const next = instants.find((at) => at > now);
  return next === undefined ? null : next - now;
}
