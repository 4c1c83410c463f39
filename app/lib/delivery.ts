/**
 * When an order arrives, as the product page and the cart promise it: business days in Mexico
 * (Monday to Friday, not a public holiday), a daily cut-off hour in Mexico City's time, the shop's
 * handling days and the courier's transit days. Pure: the caller gives the moment and the settings.
 *
 * Days are counted as whole civil days (days since 1970-01-01), so adding them never meets a clock
 * change; only "now" is converted, once, to Mexico City's date and hour.
 */

export type DeliverySettings = {
  /** Business days the shop takes to prepare and hand over an order. */
  handlingDays: number;
  /** Business days the courier takes, at best and at worst. */
  transitMinDays: number;
  transitMaxDays: number;
  /** Orders paid at or after this hour (0–23, Mexico City) count from the next business day. */
  cutoffHour: number;
  /** Further days without deliveries (YYYY-MM-DD): the shop's own closures, a courier's holiday. */
  extraClosedDays: readonly string[];
};

/** The first and last day the parcel may arrive (YYYY-MM-DD), the same day when equal. */
export type DeliveryWindow = { from: string; to: string };

export const DELIVERY_TIME_ZONE = "America/Mexico_City";

const MS_PER_DAY = 86_400_000;

/** A civil date as days since 1970-01-01. */
type Day = number;

function dayOf(year: number, month: number, day: number): Day {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

function isoOf(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

function partsOf(day: Day): { year: number; month: number; date: number; weekday: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** The `nth` Monday (1 = first) of a month. */
function nthMonday(year: number, month: number, nth: number): Day {
  const first = dayOf(year, month, 1);
  const weekday = partsOf(first).weekday;
  return first + ((8 - weekday) % 7) + (nth - 1) * 7;
}

/** Easter Sunday (YYYY-MM-DD), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  return isoOf(easterDay(year));
}

function easterDay(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, date);
}

/**
 * Days of `year` without deliveries: the mandatory rest days of the Ley Federal del Trabajo (art. 74) —
 * 1 January, the first Monday of February, the third Monday of March, 1 May, 16 September, 1 October
 * of a presidential handover (every six years from 2024), the third Monday of November, 25 December —
 * and Holy Thursday and Good Friday, when couriers and banks do not work either.
 */
export function mexicanClosedDays(year: number): string[] {
  const easter = easterDay(year);
  const days: Day[] = [
    dayOf(year, 1, 1),
    nthMonday(year, 2, 1),
    nthMonday(year, 3, 3),
    easter - 3,
    easter - 2,
    dayOf(year, 5, 1),
    dayOf(year, 9, 16),
    ...(year >= 2024 && (year - 2024) % 6 === 0 ? [dayOf(year, 10, 1)] : []),
    nthMonday(year, 11, 3),
    dayOf(year, 12, 25),
  ];
  return days.sort((x, y) => x - y).map(isoOf);
}

/** Built once: creating a formatter costs far more than formatting (cart and product pages ask each time). */
let mexicoCityClock: Intl.DateTimeFormat | undefined;

/** Mexico City's date (as a civil day) and hour at `instant`. */
function mexicoCityDayAndHour(instant: Date): { day: Day; hour: number } {
  mexicoCityClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: DELIVERY_TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    hourCycle: "h23",
  });
  const parts = mexicoCityClock.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { day: dayOf(get("year"), get("month"), get("day")), hour: get("hour") };
}

/**
 * The delivery window of an order paid at `now`: it counts from today when today is a business day
 * and the cut-off hour has not passed, else from the next business day; the shop hands it over after
 * the handling days, and the courier delivers within its transit days.
 */
export function deliveryWindow(now: Date, settings: DeliverySettings): DeliveryWindow {
  const { day: today, hour } = mexicoCityDayAndHour(now);
  const { isBusinessDay, addBusinessDays } = businessCalendar(settings.extraClosedDays);
  let start = today;
  if (!isBusinessDay(start) || hour >= settings.cutoffHour) start = addBusinessDays(start, 1);
  const handedOver = addBusinessDays(start, settings.handlingDays);
  return {
    from: isoOf(addBusinessDays(handedOver, settings.transitMinDays)),
    to: isoOf(addBusinessDays(handedOver, settings.transitMaxDays)),
  };
}

let lastWindow: { minute: number; settings: DeliverySettings; window: DeliveryWindow } | undefined;

/**
 * `deliveryWindow(now, settings)` for pages that show it on every request (the cart, the product page). The answer
 * changes only with Mexico City's date and hour, and time zones move by whole minutes, so it is kept
 * for the current minute of the clock and the same settings (compared field by field: the caller's
 * object is new on every call).
 */
export function currentDeliveryWindow(settings: DeliverySettings, now: Date = new Date()): DeliveryWindow {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastWindow?.minute === minute && sameSettings(lastWindow.settings, settings)) return lastWindow.window;
  const window = deliveryWindow(now, settings);
  lastWindow = { minute, settings, window };
  return window;
}

function sameSettings(a: DeliverySettings, b: DeliverySettings): boolean {
  return (
    a.handlingDays === b.handlingDays &&
    a.transitMinDays === b.transitMinDays &&
    a.transitMaxDays === b.transitMaxDays &&
    a.cutoffHour === b.cutoffHour &&
    a.extraClosedDays.join() === b.extraClosedDays.join()
  );
}

const WEEKDAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"] as const;
const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"] as const;

function shortDay(iso: string, withMonth: boolean): string {
  const { weekday, date, month } = partsOf(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
  return `${WEEKDAYS[weekday]} ${date}${withMonth ? ` de ${MONTHS[month - 1]}` : ""}`;
}

/**
 * "Llega entre el jue 27 y el lun 1 de dic", or "Llega el lun 1 de dic" for a one-day window. The
 * month is said once, at the end: the window is a few days long, so the first day's month is clear.
 */
export function formatDeliveryWindow(window: DeliveryWindow): string {
  if (window.from === window.to) return `Llega el ${shortDay(window.to, true)}`;
  return `Llega entre el ${shortDay(window.from, false)} y el ${shortDay(window.to, true)}`;
}

/** Business days (Monday to Friday, not a closed day of `mexicanClosedDays` or of `extraClosedDays`). */
function businessCalendar(extraClosedDays: readonly string[]) {
  const extra = new Set(extraClosedDays);
  const closedByYear = new Map<number, Set<string>>();
  const isBusinessDay = (day: Day) => {
    const { weekday, year } = partsOf(day);
    if (weekday === 0 || weekday === 6 || extra.has(isoOf(day))) return false;
    let closed = closedByYear.get(year);
    if (!closed) closedByYear.set(year, (closed = new Set(mexicanClosedDays(year))));
    return !closed.has(isoOf(day));
  };
  const addBusinessDays = (from: Day, count: number) => {
    let day = from;
    for (let added = 0; added < count;) {
      day += 1;
      if (isBusinessDay(day)) added += 1;
    }
    return day;
  };
  return { isBusinessDay, addBusinessDays };
}

/** Mexico City's date (YYYY-MM-DD) at `instant`. */
export function mexicoCityDate(instant: Date): string {
  return isoOf(mexicoCityDayAndHour(instant).day);
}

/**
 * The `count`th business day after Mexico City's date at `instant` (YYYY-MM-DD): the last day of a
 * period of `count` business days that starts the day after (a return window from the delivery).
 */
export function businessDaysAfter(instant: Date, count: number, extraClosedDays: readonly string[] = []): string {
  return isoOf(businessCalendar(extraClosedDays).addBusinessDays(mexicoCityDayAndHour(instant).day, count));
}
