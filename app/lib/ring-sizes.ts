/**
 * Mexican ring sizes, which follow the American scale: size 0 is 11.63 mm across the inside and every
 * size adds 0.8128 mm (a thirty-second of an inch). The guide lists the sizes the shop sells and
 * their neighbours, with the inner diameter and circumference a shopper can measure at home.
 */

const DIAMETER_AT_ZERO_MM = 11.63;
const DIAMETER_PER_SIZE_MM = 0.8128;

export type RingSize = { size: string; diameterMm: number; circumferenceMm: number };

/** Inner diameter in millimetres of a (possibly half) size, to a tenth. */
export function ringDiameterMm(size: number): number {
  return Math.round((DIAMETER_AT_ZERO_MM + DIAMETER_PER_SIZE_MM * size) * 10) / 10;
}

/** Inner circumference in millimetres, to a tenth. */
export function ringCircumferenceMm(size: number): number {
  return Math.round(Math.PI * (DIAMETER_AT_ZERO_MM + DIAMETER_PER_SIZE_MM * size) * 10) / 10;
}

/** The guide's rows: whole and half sizes from 4 to 11. */
export const RING_SIZES: readonly RingSize[] = Array.from({ length: 15 }, (_, i) => {
  const size = 4 + i / 2;
  return {
    size: Number.isInteger(size) ? String(size) : `${Math.floor(size)}½`,
    diameterMm: ringDiameterMm(size),
    circumferenceMm: ringCircumferenceMm(size),
  };
});

/** A length in millimetres, to a tenth: "17.3 mm" (Mexico writes decimals with a point). */
export function formatMm(value: number): string {
  return `${value.toFixed(1)} mm`;
}
