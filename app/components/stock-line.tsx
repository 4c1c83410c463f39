import { stockLabel, stockLevel } from "~/lib/stock";

const DOT = { out: "bg-red-600", low: "bg-amber-500", available: "bg-emerald-600" } as const;

/** Stock dot and line: "Restantes N", "Disponible" or "Agotado". */
export function StockLine({ stock }: { stock: number }) {
  const level = stockLevel(stock);
  return (
    <p className="flex items-center gap-1.5 text-xs text-ink-700" data-stock={level}>
      <span className={`inline-block h-2 w-2 rounded-full ${DOT[level]}`} aria-hidden="true" />
      {stockLabel(stock)}
    </p>
  );
}
