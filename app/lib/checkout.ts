import type { SubmissionResult } from "@conform-to/react";
import { SHIPPING_FEE, VAT_LABEL, VAT_RATE } from "~/lib/constants";
import type { Shipping } from "~/lib/validation/checkout";
import type { CheckoutInvoiceAnswer } from "./checkout-invoice";

/**
 * Checkout rules shared by the server and the pages: order totals, order numbers and the order
 * statuses with their labels, colours, icons and allowed transitions. Money in centavos.
 */

export type OrderTotals = {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  /**
   * The discount code in these totals, for the summary's "Cupón CODIGO −$X" (docs/decisions/058):
   * `amount` in all, `shipping` the part taken off shipping; subtotal, shipping and tax are after it.
   */
  discount?: { code: string; amount: number; shipping: number } | null;
};

/** A row of a totals breakdown (app/lib/order-breakdown.ts): "line" and "total" rows add up. */
export type TotalsRow = { label: string; amount: number; kind: "line" | "total" | "note" };

/** The checkout's totals with the rows it shows, computed on the server as an order's are (`orderTotalsRows`). */
export type CheckoutTotals = OrderTotals & { rows: TotalsRow[] };

/**
 * What the /checkout action answers, to the page and to the checkout modal: which step to show,
 * conform's result for step 1, the validated values for step 2, and a payment error if any.
 */
export type CheckoutAnswer = {
  step: 1 | 2;
  lastResult: SubmissionResult<string[]> | null;
  shipping: Shipping | null;
  /** Step 2's totals, with the gift packaging when it was chosen (the server computes them). */
  totals: CheckoutTotals | null;
  paymentError: string | null;
  /** Step 2's *¿Requieres factura?* as posted, with its errors (docs/decisions/050). */
  invoice?: CheckoutInvoiceAnswer | null;
};

/** What the gift packaging is called on every line that lists it. */
export const GIFT_WRAP_LABEL = "Envoltura de regalo";

/**
 * The lines an order charges for: the pieces, and the gift packaging as one more line (its price,
 * before IVA, or null when it was not chosen). It is part of the subtotal and bears IVA like a piece.
 */
export function chargedLines(
  pieces: ReadonlyArray<{ unitPrice: number; quantity: number }>,
  giftWrapPrice: number | null,
): Array<{ unitPrice: number; quantity: number }> {
  return giftWrapPrice === null ? [...pieces] : [...pieces, { unitPrice: giftWrapPrice, quantity: 1 }];
}

/**
 * IVA is 16 % of the products (not of shipping), rounded half up to the centavo; shipping is a fixed
 * fee. Integer arithmetic keeps the rounding exact (0.16 × n in floating point is not always
 * representable: 16 × n / 100 is).
 *
 * Prices are stored before IVA. With `ivaIncluded` (the shop shows prices with IVA) the IVA is taken
 * per piece, so that the IVA-inclusive prices the shopper saw add up to exactly the total charged;
 * otherwise it is 16 % of the subtotal. The difference is at most a centavo per piece.
 */
export function computeTotals(
  lines: ReadonlyArray<{ unitPrice: number; quantity: number }>,
  { ivaIncluded = false }: { ivaIncluded?: boolean } = {},
): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const shipping = SHIPPING_FEE;
  const tax = ivaIncluded
    ? lines.reduce((sum, line) => sum + vatOf(line.unitPrice) * line.quantity, 0)
    : vatOf(subtotal);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** IVA of an amount in centavos, rounded half up (… .5 centavos go up). */
export function vatOf(subtotal: number): number {
  return Math.floor((subtotal * VAT_PERCENT + 50) / 100);
}

/** The price a shopper sees for a stored (before-IVA) price: with its IVA when the shop shows it included. */
export function shownPrice(price: number, ivaIncluded: boolean): number {
  return ivaIncluded ? price + vatOf(price) : price;
}

/** What the shopper sees as the total of cart lines: each piece at its shown price. */
export function shownLinesTotal(
  lines: ReadonlyArray<{ unitPrice: number; quantity: number }>,
  ivaIncluded: boolean,
): number {
  return lines.reduce((sum, line) => sum + shownPrice(line.unitPrice, ivaIncluded) * line.quantity, 0);
}

export type PaymentLine = { name: string; description?: string; unitAmount: number; quantity: number };

/**
 * The lines of the card provider's payment page, adding up to the order's total: each piece, the gift
 * packaging when chosen, Envío and IVA (16%) on its own line; or, when the shop shows prices with IVA,
 * each piece and the packaging at the price the shopper saw (IVA included, taken per piece as
 * `computeTotals` does) and Envío.
 */
export function paymentLines(
  order: {
    items: ReadonlyArray<{
      name: string;
      variantName: string | null;
      unitPrice: number;
      quantity: number;
      /** A discount code's share of this line, in shown prices (docs/decisions/058). */
      discount?: number | null;
    }>;
    giftWrapPrice: number | null;
    totals: OrderTotals;
  },
  ivaIncluded: boolean,
): PaymentLine[] {
  // A discounted line is charged at what it costs after the code, split into whole unit amounts.
  const pieces: PaymentLine[] = order.items.flatMap((item) =>
    splitAmount(shownPrice(item.unitPrice, ivaIncluded) * item.quantity - (item.discount ?? 0), item.quantity).map(
      (part) => ({
        name: item.name,
        ...(item.variantName ? { description: item.variantName } : {}),
        ...part,
      }),
    ),
  );
  if (order.giftWrapPrice !== null) {
    pieces.push({ name: GIFT_WRAP_LABEL, unitAmount: shownPrice(order.giftWrapPrice, ivaIncluded), quantity: 1 });
  }
  const shipping = { name: "Envío", unitAmount: order.totals.shipping, quantity: 1 };
  if (ivaIncluded) return [...pieces, shipping];
  return [...pieces, shipping, { name: VAT_LABEL, unitAmount: order.totals.tax, quantity: 1 }];
}

/**
 * A line's amount split into whole unit amounts for a payment page that only takes unit price ×
 * quantity: `quantity − r` units at ⌊amount / quantity⌋ and `r` units one centavo more (one part when it
 * divides evenly).
 */
export function splitAmount(amount: number, quantity: number): Array<{ unitAmount: number; quantity: number }> {
  const unit = Math.floor(amount / quantity);
  const extra = amount - unit * quantity;
  const parts = [{ unitAmount: unit, quantity: quantity - extra }];
  if (extra > 0) parts.push({ unitAmount: unit + 1, quantity: extra });
  return parts.filter((p) => p.quantity > 0);
}

/**
 * The stored (before-IVA) price that shows as `shown`: the smallest price whose shown price reaches
 * it, so a price filter typed in shown prices selects exactly the pieces whose shown price is in range.
 */
export function storedPriceFor(shown: number, ivaIncluded: boolean): number {
  if (!ivaIncluded) return shown;
  let price = Math.floor((shown * 100) / (100 + VAT_PERCENT));
  while (shownPrice(price, true) < shown) price += 1;
  return price;
}

/**
 * How the shop counts IVA, said the same way wherever it is said (the footer; the product page's
 * "más IVA" / "IVA incluido", the cart's Subtotal and the checkout's totals follow the same setting).
 */
export function pricesIvaNote(ivaIncluded: boolean): string {
  return ivaIncluded
    ? "Precios en pesos mexicanos (MXN), con IVA incluido."
    : `Precios en pesos mexicanos (MXN) antes de IVA; el ${VAT_LABEL} se suma al finalizar la compra.`;
}

export const ORDER_NUMBER_PREFIX = "LJ";
/** Ten digits, all random: read out on the phone like a phone number, never guessed from the time. */
const ORDER_NUMBER_DIGITS = 10;
/** New numbers; orders placed before them keep their LJ + six digits of the time (docs/decisions/030). */
export const ORDER_NUMBER_PATTERN = /^LJ\d{10}$/;

/**
 * A new public order number: LJ plus ten digits drawn from the platform's cryptographic random source,
 * so it tells nothing about when the order was placed nor about its neighbours (the unique index catches
 * the rare repeat and the caller draws again).
 */
export function randomOrderNumber(): string {
  const bytes = crypto.getRandomValues(new Uint32Array(ORDER_NUMBER_DIGITS));
  // 2^32 is not a multiple of 10: the bias towards low digits is 4e-10 per digit, far below any use.
  return ORDER_NUMBER_PREFIX + Array.from(bytes, (b) => String(b % 10)).join("");
}

/** The Spanish message when a cart line no longer fits the stock left. */
export function stockShortMessage(productName: string, available: number): string {
  if (available <= 0) return `${productName} está agotado`;
  return available === 1 ? `Solo queda 1 pieza de ${productName}` : `Solo quedan ${available} piezas de ${productName}`;
}

export const CHECKOUT_MESSAGES = {
  emptyCart: "No hay productos en el carrito",
  noSession: "No hay sesión activa",
  providerUnreachable: "No se pudo conectar con el procesador de pagos. Intenta de nuevo en unos minutos.",
  unauthenticated: "Usuario no autenticado",
  missingUrl: "No se recibió la URL de redirección de Stripe",
  paymentErrorPrefix: "Error al procesar el pago: ",
  ordersLoadError: "Error al cargar las órdenes",
  retry: "Reintentar",
  orderConfirmed: "Pedido Confirmado",
  noPaymentMethod:
    "Este pedido supera el límite de $10,000 MXN de una ficha OXXO y la tienda no tiene otra forma de pago activa.",
} as const;

/** The spec's order texts for the server log ("Other order messages"). */
export const ORDER_LOG_TEXTS = { load: "Error cargando órdenes" } as const;

/** How a payment error is shown on the page. */
export function paymentErrorMessage(message: string): string {
  return `${CHECKOUT_MESSAGES.paymentErrorPrefix}${message}`;
}
