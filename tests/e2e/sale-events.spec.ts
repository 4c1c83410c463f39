import { formatShopTimeInput } from "~/lib/shop-time";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Sale events (issue 37, docs/decisions/057-sale-events.md): the shop owner puts a piece on sale for Buen
 * Fin with the plain form in /admin/promociones, and a shopper sees it at once, with the spec's struck
 * original price and discount badge. The event covers only this test's own piece (other specs' prices
 * stay as they are). With and without JavaScript.
 */
test("an admin puts a piece on sale; a shopper sees the sale price and the badge", async ({ page, app, login }) => {
  const js = test.info().project.name === "js";
  const word = `Fin${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo ${word}`,
      price: 2_000_00,
      stock: 5,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
    },
  });
  await login({ role: "admin" });
  try {
    await page.goto("/admin/promociones");
    if (js) await waitForHydration(page);
    await page.getByRole("link", { name: "Nuevo evento de ofertas" }).click();
    await page.getByLabel("Nombre del evento").fill(`Buen Fin ${word}`);
    await page.getByLabel("Descuento (%)").fill("25");
    await page.getByLabel("Empieza (hora de la Ciudad de México)").fill(formatShopTimeInput(Date.now() - 60_000));
    await page.getByLabel("Termina (hora de la Ciudad de México)").fill(formatShopTimeInput(Date.now() + 86_400_000));
    await page.getByLabel("Piezas en oferta (números de pieza)").fill(String(ring.id));
    await page.getByRole("button", { name: "Crear evento" }).click();
    await expect(page).toHaveURL(/\/admin\/promociones$/);
    await expect(page.getByTestId("sale-event").filter({ hasText: word })).toContainText("Activo");

    // A shopper (signed out): $2,000 before IVA − 25 % = $1,500 → $1,740.00 shown, $2,320.00 struck.
    await page.context().clearCookies();
    await page.goto(`/search?q=${word}`);
    const card = page.getByTestId("product-card").filter({ hasText: ring.name });
    await expect(card).toContainText("$1,740.00");
    await expect(card.locator("s")).toContainText("$2,320.00");
    await expect(card).toContainText("-25%");
  } finally {
    await app.prisma.saleEvent.updateMany({ where: { name: `Buen Fin ${word}` }, data: { archivedAt: new Date() } });
  }
});
