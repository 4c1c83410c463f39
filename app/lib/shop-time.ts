import { SHOP_TIME_ZONE } from "./dates";

/**
 * Instants entered and shown in Mexico City time, as a `<input type="datetime-local">` holds them
 * ("2026-11-13T00:00"), stored as UTC. The offset is read from the time-zone database, so a future
 * change of Mexico's rules needs no change here.
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall-clock fields of `instant` in Mexico City, as if they were UTC (for offset arithmetic). */
function wallClockMs(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** "2026-11-13T00:00" in Mexico City → the UTC instant; null when it is not such a value or no real date. */
export function parseShopTime(value: string): Date | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59) return null;
  // The offset at the guessed instant, then again at the corrected one (a change of offset between them).
  let instant = asUtc - (wallClockMs(asUtc) - asUtc);
  instant = asUtc - (wallClockMs(instant) - instant);
  return new Date(instant);
}

/** The UTC instant as Mexico City wall-clock time for a datetime-local input ("2026-11-13T00:00"). */
export function formatShopTimeInput(instant: Date | number): string {
  return new Date(wallClockMs(new Date(instant).getTime())).toISOString().slice(0, 16);
}
