/**
 * Sale events' prices (docs/decisions/057-sale-events.md): the one rule for what a shopper pays while
 * an event runs. Pure: the server feeds it the schedule (app/models/sale-events.server.ts) and applies
 * it to every catalogue read, the cart and the order lines, so every place shows and charges the same.
 */

/** A whole percentage off, as staff may enter it. */
export const SALE_PERCENT_MIN = 1;
export const SALE_PERCENT_MAX = 90;

/** An event as the price rule needs it: [startsAt, endsAt) in epoch milliseconds. */
export type SaleWindow = { id: number; name: string; percentOff: number; startsAt: number; endsAt: number };

/**
 * Events not yet over, each with the products it covers (its categories already expanded to their pieces):
 * a set, since every product of every catalogue read is looked up in it while an event runs.
 */
export type SaleSchedule = readonly (SaleWindow & { productIds: ReadonlySet<number> })[];

export type SaleState = "programado" | "activo" | "terminado";

/** Whether `event` runs at `now`: from its start (included) to its end (excluded). */
export function isRunning(event: Pick<SaleWindow, "startsAt" | "endsAt">, now: number): boolean {
  return event.startsAt <= now && now < event.endsAt;
}

/** What the admin list says of an event at `now`. */
export function saleState(event: Pick<SaleWindow, "startsAt" | "endsAt">, now: number): SaleState {
  if (now < event.startsAt) return "programado";
  return now < event.endsAt ? "activo" : "terminado";
}

/**
 * The unit price during a sale, in centavos: `price × (100 − percent) / 100` rounded half up to the
 * centavo, in integer arithmetic (the stored price is before IVA; the IVA is then taken on this price
 * as on any other, so the shown price, the order line and the CFDI agree).
 */
export function salePrice(price: number, percentOff: number): number {
  return Math.floor((price * (100 - percentOff) + 50) / 100);
}

/**
 * The event that sets a piece's price at `now`: among those running that cover it, the biggest
 * percentage; on a tie the one that started first, then the lower id (so the choice never flickers).
 */
export function bestEvent(schedule: SaleSchedule, productId: number, now: number): SaleWindow | null {
  let best: SaleWindow | null = null;
  for (const event of schedule) {
    if (!isRunning(event, now) || !event.productIds.has(productId)) continue;
    if (
      !best ||
      event.percentOff > best.percentOff ||
      (event.percentOff === best.percentOff &&
        (event.startsAt < best.startsAt || (event.startsAt === best.startsAt && event.id < best.id)))
    ) {
      best = event;
    }
  }
  return best;
}

/** The next instant after `now` at which some event starts or ends (a price changes), or null. */
export function nextBoundary(schedule: readonly Pick<SaleWindow, "startsAt" | "endsAt">[], now: number): number | null {
  let next: number | null = null;
  for (const { startsAt, endsAt } of schedule) {
    for (const at of [startsAt, endsAt]) if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

type Priced = { price: number; originalPrice: number | null };

/**
 * A price pair during a sale: the sale price, and as the struck original the higher of the regular
 * price and the original price staff had already set (the shopper sees the whole reduction).
 */
export function onSale<T extends Priced>(priced: T, percentOff: number): T {
  const original = Math.max(priced.originalPrice ?? 0, priced.price);
  return { ...priced, price: salePrice(priced.price, percentOff), originalPrice: original };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !(value instanceof Date);

const isProduct = (value: Record<string, unknown>) =>
  typeof value.id === "number" && typeof value.price === "number" && "originalPrice" in value;

/**
 * A catalogue read with the sale prices of `now`: every product in it (an object with an `id`, a
 * `price` and an `originalPrice`: a grid card, a product page, a related card, a search hit, a home
 * card) and its `variants` get the price of the event that wins for it. Nothing is changed in place
 * (the value may be a cached one); parts without a product on sale are returned as they are.
 */
export function withSalePrices<V>(value: V, schedule: SaleSchedule, now: number): V {
  if (!schedule.some((event) => isRunning(event, now))) return value;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const mapped = node.map(walk);
      return mapped.some((item, i) => item !== node[i]) ? mapped : node;
    }
    if (!isRecord(node)) return node;
    let changed: Record<string, unknown> | null = null;
    const event = isProduct(node) ? bestEvent(schedule, node.id as number, now) : null;
    for (const [key, child] of Object.entries(node)) {
      let next: unknown;
      if (event && key === "variants" && Array.isArray(child)) {
        next = child.map((variant: unknown) =>
          isRecord(variant) && typeof variant.price === "number"
            ? onSale(variant as Priced, event.percentOff)
            : variant,
        );
      } else {
        next = walk(child);
      }
      if (next !== child) (changed ??= { ...node })[key] = next;
    }
    if (event) return onSale((changed ?? node) as Priced, event.percentOff);
    return changed ?? node;
  };
  return walk(value) as V;
}

type CartLineLike = { productId: number; unitPrice: number; quantity: number; lineTotal: number };

/** A cart with the sale prices of `now` on its lines, and its total again (centavos). */
export function cartAtSalePrices<C extends { lines: CartLineLike[]; total: number }>(
  cart: C,
  schedule: SaleSchedule,
  now: number,
): C {
  if (!schedule.some((event) => isRunning(event, now))) return cart;
  const lines = cart.lines.map((line) => {
    const event = bestEvent(schedule, line.productId, now);
    if (!event) return line;
    const unitPrice = salePrice(line.unitPrice, event.percentOff);
    return { ...line, unitPrice, lineTotal: unitPrice * line.quantity };
  });
  return { ...cart, lines, total: lines.reduce((sum, line) => sum + line.lineTotal, 0) };
}
