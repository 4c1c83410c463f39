import type { Locator, Page } from "@playwright/test";

/** A seeded ring sold in sizes (the size guide sits next to TALLA), found by name: its product page. */
export async function ringWithSizes(page: Page) {
  await page.goto(`/search?q=${encodeURIComponent("Anillo Solitario Aurora")}`);
  const href = await page.locator('[data-testid="product-card"] a[href^="/producto/"]').first().getAttribute("href");
  return (href ?? "").split("?")[0]!;
}

/**
 * The cards of the page with stock to spare: "Disponible", or "Restantes N" with 3 or more left. The
 * suite's specs add pieces of 3 to 5 units as they run and buy the seed's, so a category's first page
 * may show no "Disponible" card at all by the time a spec looks.
 */
export function stockedCards(page: Page): Locator {
  const cards = page.getByTestId("product-card");
  const fewLeft = page.locator('[data-stock="low"]', { hasText: /Restantes\s*([3-9]|1\d|20)\s*$/ });
  return cards.filter({ has: page.locator('[data-stock="available"]') }).or(cards.filter({ has: fewLeft }));
}

/**
 * Stocked cards whose own prompt adds to the cart: a piece with sizes offers "Elige tu talla" instead
 * (its size is chosen on its page, issue 37).
 */
export function quickAddCards(page: Page): Locator {
  return stockedCards(page).filter({ hasNot: page.getByRole("link", { name: "Elige tu talla" }) });
}
