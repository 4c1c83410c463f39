/**
 * Whole numbers as es-MX writes them, without `Intl`: the browser's first Intl formatter loads the
 * locale's data on the main thread (decision 065). Unit tests hold these equal to Intl's output.
 */

/** A whole number ≥ 0 with es-MX's thousands separator: 1234567 → "1,234,567". */
export function groupThousands(value: number): string {
  return String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ",");
}
