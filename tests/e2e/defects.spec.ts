import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

// Shopper-visible defects, each pinned by a test that failed before its fix. Each cart test shops
// with a customer of its own, so its cart starts empty.

/** A seeded product without variants and with 4 pieces in stock (prisma/seed-data.ts). */
const FOUR_LEFT = { id: 44, name: "Aretes Gota Esmeralda", notice: "Solo quedan 4 piezas disponibles" };

function cardOf(page: Page, name: string) {
  return page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("the material line follows the chosen model", () => {
  test("on the detail page, with and without JavaScript", async ({ page }) => {
    await page.goto("/producto/1");
    await expect(page.getByTestId("product-material")).toHaveText("Oro blanco 14k");
    await page.goto(`/producto/1?modelo=${encodeURIComponent("Oro amarillo")}`);
    await expect(page.getByTestId("product-material")).toHaveText("Oro amarillo 14k");
    await page.goto(`/producto/2?modelo=${encodeURIComponent("Oro amarillo")}&talla=7`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anillo Corazón");
    await expect(page.getByTestId("product-material")).toHaveText("Oro amarillo 14k");
  });
});

test.describe("with a customer's cart", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("the gallery keeps the chosen image after adding to the cart", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "Without JavaScript the image is chosen by the URL and kept by it.");
    await page.goto("/producto/1?talla=6");
    await waitForHydration(page);
    const second = page.getByRole("link", { name: /^Ver imagen 2 de \d+$/ });
    const mainImage = page.locator("main img[width='1000']");
    await second.click();
    await expect(second).toHaveAttribute("aria-current", "true");
    const chosen = await second.locator("img").getAttribute("src");
    await expect(mainImage).toHaveAttribute("src", chosen!);

    await page.getByRole("button", { name: "AÑADIR AL CARRITO" }).click();
    await expect(page.getByRole("button", { name: "✓ Añadido" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(mainImage).toHaveAttribute("src", chosen!);
  });

  test("adding more than the stock is a notice, not an error: card prompt and detail page", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "The no-JavaScript flash has its own test below.");
    // The earrings page holds it on its first page of 24 (the home grid pages by the grid order).
    await page.goto("/?categoria=earrings");
    await waitForHydration(page);
    const prompt = cardOf(page, FOUR_LEFT.name).getByTestId("add-to-cart");
    await prompt.getByRole("button", { name: "Agregar al carrito" }).click();
    await prompt.getByRole("spinbutton", { name: "Cantidad" }).fill("10");
    await prompt.getByRole("button", { name: "AGREGAR", exact: true }).click();
    await expect(prompt.getByRole("status")).toHaveText(FOUR_LEFT.notice);
    await expect(prompt.getByRole("alert")).toHaveCount(0);

    // The detail page caps its quantity at the stock: with the line already at 4, one more is too many.
    await page.goto(`/producto/${FOUR_LEFT.id}`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Añadir al carrito" });
    await form.getByRole("button", { name: "AÑADIR AL CARRITO" }).click();
    await expect(form.getByRole("status")).toHaveText(FOUR_LEFT.notice);
    await expect(form.getByRole("alert")).toHaveCount(0);
  });

  test("without JavaScript, the flash after a limited add is a notice", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "With JavaScript the answer shows next to the button (above).");
    // The earrings page holds it on its first page of 24 (the home grid pages by the grid order).
    await page.goto("/?categoria=earrings");
    const card = cardOf(page, FOUR_LEFT.name);
    await card.getByText("Agregar al carrito").click(); // opens the <details>
    await card.getByRole("spinbutton", { name: "Cantidad" }).fill("10");
    await card.getByRole("button", { name: "AGREGAR", exact: true }).click();
    const flash = page.getByTestId("flash-message");
    await expect(flash).toHaveText(FOUR_LEFT.notice);
    await expect(flash).toHaveAttribute("data-kind", "notice");
    await expect(flash).toHaveAttribute("role", "status");
  });
});
