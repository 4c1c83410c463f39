import { describe, expect, it } from "vitest";
import { CHART, chartLabels, niceCeiling, salesChart } from "./sales-chart";

describe("niceCeiling", () => {
  it("rounds an axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(12)).toBe(20);
    expect(niceCeiling(2_400_00)).toBe(2_500_00);
    expect(niceCeiling(5_000_00)).toBe(5_000_00);
    expect(niceCeiling(5_000_01)).toBe(10_000_00);
  });
});

describe("salesChart", () => {
  const days = [
    { day: "2026-11-01", sales: 0, orders: 0 },
    { day: "2026-11-02", sales: 1_000_00, orders: 1 },
    { day: "2026-11-03", sales: 2_000_00, orders: 4 },
  ];

  it("draws each day's bar in proportion to its sales, on the same baseline", () => {
    const chart = salesChart(days);
    const plot = CHART.height - CHART.top - CHART.bottom;
    expect(chart.salesTop).toBe(2_000_00);
    expect(chart.bars.map((b) => b.height)).toEqual([0, plot / 2, plot]);
    for (const bar of chart.bars) expect(bar.y + bar.height).toBeCloseTo(chart.baseline, 5);
    expect(chart.bars[1]!.x).toBeLessThan(chart.bars[2]!.x);
  });

  it("puts the orders on a scale of their own", () => {
    const chart = salesChart(days);
    expect(chart.ordersTop).toBe(5);
    expect(chart.points.map((p) => p.orders)).toEqual([0, 1, 4]);
    expect(chart.points[0]!.cy).toBe(chart.baseline);
  });

  it("draws a month without sales flat, without dividing by zero", () => {
    const chart = salesChart(days.map((d) => ({ ...d, sales: 0, orders: 0 })));
    expect(chart.bars.every((b) => b.height === 0 && Number.isFinite(b.y))).toBe(true);
  });
});

describe("chartLabels (issue 37: formatted once, on the server)", () => {
  it("names every tick and day, in the days' order", () => {
    const labels = chartLabels([
      { day: "2026-11-01", sales: 0, orders: 0 },
      { day: "2026-11-02", sales: 2_400_00, orders: 1 },
    ]);
    expect(labels.salesTicks).toHaveLength(5);
    expect(labels.salesTicks[0]).toMatch(/\$0/);
    expect(labels.days.map((d) => d.label)).toEqual(["1 nov", "2 nov"]);
    expect(labels.days[1]!.title).toBe("2 nov: $2,400.00, 1 pedido");
    expect(labels.summary).toBe("Ventas de los últimos 2 días: $2,400.00 en 1 pedido.");
  });
});
