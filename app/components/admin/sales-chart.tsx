import { CHART, type ChartDay, type ChartLabels, salesChart } from "~/lib/sales-chart";

/**
 * Sales (bars) and orders (points) per day, drawn on the server as SVG: it reads without JavaScript,
 * each bar names its day and numbers on hover, and the same numbers are in a table for screen readers.
 * Its texts come formatted from the server (`labels`, chartLabels): never formatted again in the browser.
 */
export function SalesChart({ days, labels }: { days: readonly ChartDay[]; labels: ChartLabels }) {
  const chart = salesChart(days);
  const { summary } = labels;
  return (
    <figure className="m-0" data-testid="sales-chart">
      {/* On a phone the chart keeps a readable size and scrolls sideways inside its panel. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Gráfica de ventas por día">
        <svg
          viewBox={`0 0 ${CHART.width} ${CHART.height}`}
          role="img"
          aria-label={`${summary} Los números de cada día están en la tabla que sigue.`}
          className="h-auto w-full min-w-[560px]"
          data-sales-top={chart.salesTop}
          data-orders-top={chart.ordersTop}
        >
          {chart.salesTicks.map((tick, i) => (
            <g key={tick.y}>
              <line
                x1={CHART.left}
                x2={CHART.width - CHART.right}
                y1={tick.y}
                y2={tick.y}
                stroke="#1c1916"
                strokeOpacity={tick.value === 0 ? 0.4 : 0.08}
              />
              <text x={CHART.left - 8} y={tick.y + 4} textAnchor="end" fontSize="11" fill="#3a3530">
                {labels.salesTicks[i]}
              </text>
            </g>
          ))}
          {chart.orderTicks.map((tick) => (
            <text key={tick.y} x={CHART.width - CHART.right + 8} y={tick.y + 4} fontSize="11" fill="#1c1916">
              {Number.isInteger(tick.value) ? tick.value : ""}
            </text>
          ))}
          {chart.bars.map((bar, i) => (
            <rect
              key={bar.day}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              fill="#b8924a"
              rx={1.5}
              data-day={bar.day}
              data-sales={bar.sales}
              data-orders={bar.orders}
            >
              <title>{labels.days[i]?.title}</title>
            </rect>
          ))}
          <polyline
            points={chart.points.map((p) => `${p.cx},${p.cy}`).join(" ")}
            fill="none"
            stroke="#1c1916"
            strokeWidth={1.5}
            strokeOpacity={0.7}
          />
          {chart.points.map((p) => (
            <circle key={p.day} cx={p.cx} cy={p.cy} r={2.5} fill="#1c1916" data-day={p.day} data-orders={p.orders} />
          ))}
          {chart.bars.map((bar, i) =>
            i % 5 === 0 || i === chart.bars.length - 1 ? (
              <text
                key={bar.day}
                x={bar.x + bar.width / 2}
                y={chart.baseline + 18}
                textAnchor="middle"
                fontSize="11"
                fill="#3a3530"
              >
                {labels.days[i]?.label}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <table className="sr-only" data-testid="sales-table">
        <caption>{summary}</caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">Ventas</th>
            <th scope="col">Pedidos</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.day}>
              <th scope="row">{labels.days[i]?.label}</th>
              <td>{labels.days[i]?.sales}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-ink-700">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2.5 w-2.5 bg-gold-500 align-middle" />
          Ventas por día (eje izquierdo)
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-ink-900 align-middle" />
          Pedidos por día (eje derecho)
        </span>
        <span>Pedidos pagados que no se cancelaron, devolvieron ni reembolsaron; días de la Ciudad de México.</span>
      </figcaption>
    </figure>
  );
}
