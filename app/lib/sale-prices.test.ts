import { describe, expect, it } from "vitest";
import {
  bestEvent,
  cartAtSalePrices,
  isRunning,
  nextBoundary,
  type SaleSchedule,
  salePrice,
  saleState,
  withSalePrices,
} from "./sale-prices";
import { parseShopTime, formatShopTimeInput } from "./shop-time";
import { SaleEventSchema, SALE_EVENT_MESSAGES } from "./validation/sale-event";

const T0 = Date.UTC(2026, 10, 13, 6); // Buen Fin starts: 13 Nov 2026, 00:00 in Mexico City
const DAY = 86_400_000;
const buenFin = {
  id: 1,
  name: "Buen Fin",
  percentOff: 20,
  startsAt: T0,
  endsAt: T0 + 4 * DAY,
  productIds: new Set([10, 11]),
};
const rings = {
  id: 2,
  name: "Anillos",
  percentOff: 30,
  startsAt: T0 + DAY,
  endsAt: T0 + 2 * DAY,
  productIds: new Set([11, 12]),
};
const schedule: SaleSchedule = [buenFin, rings];

describe("salePrice", () => {
  it("takes a whole percentage off and rounds half up to the centavo", () => {
    expect(salePrice(14_500_00, 20)).toBe(11_600_00);
    expect(salePrice(999, 15)).toBe(849); // 849.15 → 849
    expect(salePrice(990, 15)).toBe(842); // 841.5 → 842 (half up)
    expect(salePrice(1, 50)).toBe(1); // 0.5 → 1
    expect(salePrice(1, 90)).toBe(0); // 0.1 → 0
    for (let price = 0; price < 2_000; price += 7) {
      for (const pct of [1, 13, 33, 50, 90]) {
        const exact = (price * (100 - pct)) / 100;
        expect(Math.abs(salePrice(price, pct) - exact)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(salePrice(price, pct))).toBe(true);
      }
    }
  });
});

describe("when an event runs", () => {
  it("runs from its start (included) to its end (excluded)", () => {
    expect(isRunning(buenFin, T0 - 1)).toBe(false);
    expect(isRunning(buenFin, T0)).toBe(true);
    expect(isRunning(buenFin, buenFin.endsAt - 1)).toBe(true);
    expect(isRunning(buenFin, buenFin.endsAt)).toBe(false);
    expect(saleState(buenFin, T0 - 1)).toBe("programado");
    expect(saleState(buenFin, T0)).toBe("activo");
    expect(saleState(buenFin, buenFin.endsAt)).toBe("terminado");
  });

  it("names the next start or end after now, so the caches expire there", () => {
    expect(nextBoundary(schedule, T0 - 5)).toBe(T0);
    expect(nextBoundary(schedule, T0)).toBe(T0 + DAY);
    expect(nextBoundary(schedule, T0 + DAY)).toBe(T0 + 2 * DAY);
    expect(nextBoundary(schedule, T0 + 3 * DAY)).toBe(T0 + 4 * DAY);
    expect(nextBoundary(schedule, T0 + 4 * DAY)).toBeNull();
  });
});

describe("overlapping events", () => {
  it("gives a piece the biggest percentage running now, and the same choice on a tie", () => {
    expect(bestEvent(schedule, 11, T0)?.id).toBe(1); // the 30 % has not started
    expect(bestEvent(schedule, 11, T0 + DAY)?.id).toBe(2); // both run: 30 % wins
    expect(bestEvent(schedule, 11, T0 + 2 * DAY)?.id).toBe(1); // the 30 % ended
    expect(bestEvent(schedule, 12, T0)).toBeNull();
    expect(bestEvent(schedule, 99, T0 + DAY)).toBeNull();
    const tie = [{ ...rings, percentOff: 20, startsAt: T0 }, buenFin];
    expect(bestEvent(tie, 11, T0 + DAY)?.id).toBe(1);
  });
});

describe("withSalePrices", () => {
  const card = (id: number, price: number, originalPrice: number | null = null) => ({
    id,
    name: `Pieza ${id}`,
    price,
    originalPrice,
    variants: [{ id: 100 + id, price: price + 100_00, originalPrice: null, size: "6" }],
  });
  const page = { products: [card(10, 1_000_00), card(12, 500_00, 800_00)], page: 1, hasNext: false };

  it("prices every product and its variants at the winning event, the regular price struck", () => {
    const seen = withSalePrices(page, schedule, T0 + DAY);
    expect(seen.products[0]).toMatchObject({ price: 800_00, originalPrice: 1_000_00 });
    expect(seen.products[0]!.variants[0]).toMatchObject({ id: 110, price: 880_00, originalPrice: 1_100_00 });
    // A piece already marked down keeps its higher original price struck.
    expect(seen.products[1]).toMatchObject({ price: 350_00, originalPrice: 800_00 });
    // The cached value is never changed in place.
    expect(page.products[0]!.price).toBe(1_000_00);
  });

  it("returns the very same value when no sale runs, and finds products nested in a product page", () => {
    expect(withSalePrices(page, schedule, T0 - 1)).toBe(page);
    const detail = { ...card(12, 100_00), createdAt: new Date(T0), related: [card(10, 200_00)], rating: null };
    const seen = withSalePrices(detail, schedule, T0);
    expect(seen.price).toBe(100_00); // 12 is not in Buen Fin
    expect(seen.related[0]).toMatchObject({ price: 160_00, originalPrice: 200_00 });
    expect(seen.createdAt).toBeInstanceOf(Date);
  });
});

describe("cartAtSalePrices", () => {
  it("prices the lines at the sale and adds them up again", () => {
    const cart = {
      lines: [
        { productId: 10, unitPrice: 999, quantity: 3, lineTotal: 2_997 },
        { productId: 50, unitPrice: 100_00, quantity: 1, lineTotal: 100_00 },
      ],
      count: 4,
      total: 12_997,
    };
    const seen = cartAtSalePrices(cart, schedule, T0);
    expect(seen.lines[0]).toMatchObject({ unitPrice: 799, lineTotal: 2_397 });
    expect(seen.total).toBe(2_397 + 100_00);
    expect(cartAtSalePrices(cart, schedule, T0 + 4 * DAY)).toBe(cart);
  });
});

describe("Mexico City time", () => {
  it("reads a datetime-local value as Mexico City time and writes it back", () => {
    expect(parseShopTime("2026-11-13T00:00")?.toISOString()).toBe("2026-11-13T06:00:00.000Z");
    expect(formatShopTimeInput(new Date("2026-11-13T06:00:00.000Z"))).toBe("2026-11-13T00:00");
    expect(parseShopTime("2026-02-30T10:00")).toBeNull();
    expect(parseShopTime("mañana")).toBeNull();
    expect(parseShopTime("2026-11-13T24:00")).toBeNull();
  });
});

describe("the event form's rules", () => {
  const valid = {
    name: "Buen Fin",
    percentOff: "20",
    startsAt: "2026-11-13T00:00",
    endsAt: "2026-11-17T00:00",
    categoryIds: ["1"],
    productIds: "",
  };
  const errorsOf = (input: Record<string, unknown>) => {
    const result = SaleEventSchema.safeParse(input);
    return result.success ? {} : result.error.flatten().fieldErrors;
  };

  it("accepts a whole percentage from 1 to 90 over categories or pieces, dates in order", () => {
    expect(SaleEventSchema.parse(valid)).toMatchObject({ percentOff: 20, categoryIds: [1], productIds: [] });
    expect(SaleEventSchema.parse({ ...valid, categoryIds: undefined, productIds: "12, 15 12" }).productIds).toEqual([
      12, 15,
    ]);
  });

  it("says in Spanish what is wrong", () => {
    expect(errorsOf({ ...valid, percentOff: "0" }).percentOff).toEqual([SALE_EVENT_MESSAGES.percentInvalid]);
    expect(errorsOf({ ...valid, percentOff: "91" }).percentOff).toEqual([SALE_EVENT_MESSAGES.percentInvalid]);
    expect(errorsOf({ ...valid, percentOff: "12.5" }).percentOff).toEqual([SALE_EVENT_MESSAGES.percentInvalid]);
    expect(errorsOf({ ...valid, endsAt: valid.startsAt }).endsAt).toEqual([SALE_EVENT_MESSAGES.endBeforeStart]);
    expect(errorsOf({ ...valid, startsAt: "13/11/2026" }).startsAt).toEqual([SALE_EVENT_MESSAGES.dateInvalid]);
    expect(errorsOf({ ...valid, categoryIds: undefined }).productIds).toEqual([SALE_EVENT_MESSAGES.scopeRequired]);
    expect(errorsOf({ ...valid, productIds: "anillo" }).productIds).toEqual([SALE_EVENT_MESSAGES.productsInvalid]);
    expect(errorsOf({ ...valid, categoryIds: ["x"] }).categoryIds).toEqual([SALE_EVENT_MESSAGES.categoryInvalid]);
    expect(errorsOf({ ...valid, name: " " }).name).toEqual([SALE_EVENT_MESSAGES.nameRequired]);
  });
});
