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

/**
 * The stock the storefront is given (docs/decisions/067): the count up to LOW_STOCK_MAX, where the
 * page shows it ("Restantes N"), and LOW_STOCK_MAX + 1 for any bigger stock, which the page shows as
 * Disponible. A catalogue page then carries no count it does not show, so a sale of a piece with
 * plenty left changes nothing on it and forgets no cached page.
 */
export function shownStock(stock: number): number {
  return Math.min(stock, LOW_STOCK_MAX + 1);
}

/** Whether a shelf going from `before` to `after` pieces changes what a catalogue page shows. */
export function changesShownStock(before: number, after: number): boolean {
  return shownStock(before) !== shownStock(after);
}

/**
 * A catalogue read with every `stock` it carries as the storefront is given it (`shownStock`): the
 * products, their models and sizes, and the related pieces, wherever they sit in the read.
 */
export function withShownStock<V>(value: V): V {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const mapped = node.map(walk);
      return mapped.some((item, i) => item !== node[i]) ? mapped : node;
    }
    if (typeof node !== "object" || node === null || node instanceof Date) return node;
    let changed: Record<string, unknown> | null = null;
    for (const [key, child] of Object.entries(node)) {
      const next = key === "stock" && typeof child === "number" ? shownStock(child) : walk(child);
      if (next !== child) (changed ??= { ...(node as Record<string, unknown>) })[key] = next;
    }
    return changed ?? node;
  };
  return walk(value) as V;
}
