/** How long an unpaid order lasts: plain constants, read by the order modules and their views alike. */

/** How long an unpaid order holds its stock (the provider's session lives as long). */
export const RESERVATION_MS = 30 * 60_000;

/**
 * A PAGAR that wrote its order but never attached a payment session (the database or the process went
 * away in between) cannot be paid: the shopper never received the provider's page. Its stock goes back
 * after this long instead of at the end of the reservation; it is well beyond the slowest call to
 * the provider (the SDK's timeout with its retries), so a PAGAR still in progress is never touched.
 */
export const ORPHANED_CHECKOUT_MS = 10 * 60_000;
