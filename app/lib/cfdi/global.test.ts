import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ivaBounds } from "./concepts";
import { globalConcepts, globalPeriodOf } from "./global";

describe("the factura global's period (Mexico City time)", () => {
  it("a day, a month, and a week cut at the month's end", () => {
    // 2026-12-01 03:00 UTC is still 30 November in Mexico City.
    const late = new Date("2026-12-01T03:00:00Z");
    expect(globalPeriodOf("diaria", late)).toMatchObject({
      key: "diaria:2026-11-30",
      periodicidad: "01",
      meses: "11",
      year: 2026,
      start: new Date("2026-11-30T06:00:00Z"),
      end: new Date("2026-12-01T06:00:00Z"),
    });
    expect(globalPeriodOf("mensual", late)).toMatchObject({
      key: "mensual:2026-11",
      periodicidad: "04",
      label: "noviembre de 2026",
      start: new Date("2026-11-01T06:00:00Z"),
      end: new Date("2026-12-01T06:00:00Z"),
    });
    // Monday 30 November 2026: its week is cut at the month's end; Thursday 3 December starts at the 1st.
    expect(globalPeriodOf("semanal", late)).toMatchObject({
      key: "semanal:2026-11-30",
      periodicidad: "02",
      label: "30/11/2026 al 30/11/2026",
    });
    expect(globalPeriodOf("semanal", new Date("2026-12-03T18:00:00Z"))).toMatchObject({
      key: "semanal:2026-12-01",
      meses: "12",
      label: "01/12/2026 al 06/12/2026",
    });
  });
});

describe("the factura global's concepts", () => {
  it("one per sale, adding up to what was charged, each IVA within the SAT's limits", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 40 }), (totals) => {
        const amounts = globalConcepts(totals.map((total, i) => ({ number: `LJ${i}`, total })));
        expect(amounts.total).toBe(totals.reduce((a, b) => a + b, 0));
        expect(amounts.concepts).toHaveLength(totals.length);
        for (const c of amounts.concepts) {
          const { low, high } = ivaBounds(c.base);
          expect(c.iva).toBeGreaterThanOrEqual(low);
          expect(c.iva).toBeLessThanOrEqual(high);
        }
      }),
    );
  });
});
