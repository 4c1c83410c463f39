import { LOW_STOCK_MAX } from "./constants";

type StockLevel = "out" | "low" | "available";

/** Agotado at 0 or less, "Restantes N" for 1–20, otherwise Disponible. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return "out";
  if (stock <= LOW_STOCK_MAX) return "low";
  return "available";
}

export function stockLabel(stock: number): string {
  switch (stockLevel(stock)) {
    case "out":
      return "Agotado";
    case "low":
      return `Restantes ${stock}`;
    case "available":
      return "Disponible";
  }
}
