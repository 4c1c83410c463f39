import type { Page } from "@playwright/test";

/** A seeded ring sold in sizes (the size guide sits next to TALLA), found by name: its product page. */
export async function ringWithSizes(page: Page) {
  await page.goto(`/search?q=${encodeURIComponent("Anillo Solitario Aurora")}`);
  const href = await page.locator('[data-testid="product-card"] a[href^="/producto/"]').first().getAttribute("href");
  return (href ?? "").split("?")[0]!;
}
