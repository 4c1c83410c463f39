/**
 * A shopper may ask for the invoice of a purchase until the end of the calendar month it was paid in,
 * Mexico City time (the SAT wants a sale invoiced in its month; after that it belongs to the shop's
 * factura global). Mexico City keeps UTC−6 all year since daylight saving time ended in 2022.
 */

const MEXICO_CITY_OFFSET_HOURS = 6;

/** The first instant after the month of `paidAt` in Mexico City (the request is possible before it). */
export function invoiceDeadline(paidAt: Date): Date {
  const local = new Date(paidAt.getTime() - MEXICO_CITY_OFFSET_HOURS * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1, MEXICO_CITY_OFFSET_HOURS));
}

export function canStillRequestInvoice(paidAt: Date, now: Date = new Date()): boolean {
  return now.getTime() < invoiceDeadline(paidAt).getTime();
}

/** The last day to ask, as the shopper reads it: "30 de noviembre de 2026". */
export function invoiceDeadlineText(paidAt: Date): string {
  const lastMoment = new Date(invoiceDeadline(paidAt).getTime() - 1);
  return new Intl.DateTimeFormat("es-MX", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "America/Mexico_City",
  }).format(lastMoment);
}
