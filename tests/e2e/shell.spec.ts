import { expect, test } from "./fixtures";
import { HOME_GRID_PAGE_SIZE } from "~/lib/constants";

test.describe("shop shell", () => {
  test("home lists seeded products with es-MX prices inside the header and footer", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");

    const nav = page.getByRole("navigation", { name: "Categorías" });
    for (const label of ["Todo", "Anillos", "Collares", "Pulseras", "Pendientes"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Iniciar Sesión" }).first()).toBeVisible();

    // The first page of the home's grid (12 cards), the rest behind "Ver más".
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(HOME_GRID_PAGE_SIZE);
    await expect(cards.first()).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("09:00 – 19:00");
    await expect(footer).toContainText("09:00 – 14:00");
  });

  test("an unknown page answers 404 in Spanish", async ({ page }) => {
    const response = await page.goto("/no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver" })).toBeVisible();
  });

  test("the health check answers OK", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("OK");
  });
});
