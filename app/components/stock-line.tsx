import { stockLabel, stockLevel } from "~/lib/stock";

/** Stock line with its coloured dot (drawn by `.stock-line` from data-stock): "Restantes N", "Disponible" or "Agotado". */
export function StockLine({ stock }: { stock: number }) {
  return (
    <p className="stock-line" data-stock={stockLevel(stock)}>
      {stockLabel(stock)}
    </p>
  );
}
