const longDate = new Intl.DateTimeFormat("es-MX", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "America/Mexico_City",
});

const dateTime = new Intl.DateTimeFormat("es-MX", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Mexico_City",
});

/** "21 de noviembre de 2026" (Mexico City time). */
export function formatDate(value: Date | string): string {
  return longDate.format(new Date(value));
}

/** "21 nov 2026, 09:30" (Mexico City time). */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(new Date(value));
}
