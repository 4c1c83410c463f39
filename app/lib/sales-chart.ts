/**
 * The geometry of the panel's sales chart, drawn as SVG on the server: one bar per day (its height
 * in proportion to the day's sales) and one point per day for the number of orders, on a scale of its
 * own. Pure, so a test can check what the page draws against the numbers it was given.
 */

import { formatDay } from "./dates";
import { formatMoney } from "./money";

export type ChartDay = { day: string; sales: number; orders: number };

export const CHART = { width: 720, height: 260, left: 64, right: 40, top: 16, bottom: 36 } as const;

export type ChartBar = ChartDay & { x: number; y: number; width: number; height: number };
export type ChartPoint = { day: string; orders: number; cx: number; cy: number };
export type ChartTick = { value: number; y: number };

/** A "round" top for an axis at or above `max` (1, 2, 2.5 or 5 times a power of ten). */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= max)!;
  return step * power;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function salesChart(days: readonly ChartDay[]) {
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const baseline = CHART.top + plotHeight;
  const salesTop = niceCeiling(Math.max(0, ...days.map((d) => d.sales)));
  const ordersTop = Math.max(1, niceCeiling(Math.max(0, ...days.map((d) => d.orders))));
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = round(slot * 0.7);
  const bars: ChartBar[] = days.map((d, i) => {
    const height = round((d.sales / salesTop) * plotHeight);
    return {
      ...d,
      x: round(CHART.left + i * slot + (slot - barWidth) / 2),
      y: round(baseline - height),
      width: barWidth,
      height,
    };
  });
  const points: ChartPoint[] = days.map((d, i) => ({
    day: d.day,
    orders: d.orders,
    cx: round(CHART.left + i * slot + slot / 2),
    cy: round(baseline - (d.orders / ordersTop) * plotHeight),
  }));
  const ticks = (top: number): ChartTick[] =>
    [0, 0.25, 0.5, 0.75, 1].map((f) => ({ value: top * f, y: round(baseline - f * plotHeight) }));
  return {
    bars,
    points,
    salesTicks: ticks(salesTop),
    orderTicks: ticks(ordersTop),
    baseline,
    plotHeight,
    salesTop,
    ordersTop,
  };
}

const compactMoney = new Intl.NumberFormat("es-MX", {
  style: "currency",
  currency: "MXN",
  notation: "compact",
  maximumFractionDigits: 1,
});

const pieces = (n: number) => `${n} ${n === 1 ? "pedido" : "pedidos"}`;

export type ChartLabels = {
  summary: string;
  /** The left axis, per tick of `salesTicks` (compact amounts: "$2.5 mil"). */
  salesTicks: string[];
  /** Per day, in the days' order: its name ("21 nov") and its bar's title. */
  days: { label: string; title: string; sales: string }[];
};

/**
 * Every text of the chart, formatted once on the server (in Mexico City days, as the dashboard counts
 * them): the browser's Intl data differs from the server's (compact amounts above all), so formatting
 * them again while hydrating drew a different axis and React threw away the panel (issue 37).
 */
export function chartLabels(days: readonly ChartDay[]): ChartLabels {
  const chart = salesChart(days);
  const total = days.reduce((sum, d) => sum + d.sales, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  return {
    summary: `Ventas de los últimos ${days.length} días: ${formatMoney(total)} en ${pieces(orders)}.`,
    salesTicks: chart.salesTicks.map((tick) => compactMoney.format(tick.value / 100)),
    days: days.map((d) => ({
      label: formatDay(d.day),
      title: `${formatDay(d.day)}: ${formatMoney(d.sales)}, ${pieces(d.orders)}`,
      sales: formatMoney(d.sales),
    })),
  };
}
