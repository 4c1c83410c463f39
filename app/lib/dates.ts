/** The shop's time zone: dates are shown, and days counted, in Mexico City time. */
export const SHOP_TIME_ZONE = "America/Mexico_City";

const longDate = new Intl.DateTimeFormat("es-MX", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

const dateTime = new Intl.DateTimeFormat("es-MX", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

/** "21 de noviembre de 2026" (Mexico City time). */
export function formatDate(value: Date | string): string {
  return longDate.format(new Date(value));
}

/** "21 nov 2026, 09:30" (Mexico City time). */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(new Date(value));
}

const shortDay = new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "short", timeZone: "UTC" });

/** A calendar day ("2026-11-21") as "21 nov" (the day itself, whatever the time zone). */
export function formatDay(day: string): string {
  return shortDay.format(new Date(`${day}T12:00:00Z`)).replace(".", "");
}
