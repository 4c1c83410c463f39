import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** The top of each element, rounded to the pixel. */
async function tops(locators: Locator[]): Promise<number[]> {
  const boxes = await Promise.all(locators.map((l) => l.boundingBox()));
  return boxes.map((box) => {
    expect(box).not.toBeNull();
    return Math.round(box!.y);
  });
}

/** The cards of the grid's first row: those whose top is the first card's. */
async function firstRow(page: Page): Promise<Locator[]> {
  const cards = await page.locator("#productos [data-testid=product-card]").all();
  const [first, ...rest] = await tops(cards);
  const row = [cards[0]!];
  for (const [i, top] of rest.entries()) if (top === first) row.push(cards[i + 1]!);
  return row;
}

test.describe("storefront layout", () => {
  for (const size of WIDTHS) {
    test(`cards in a grid row line up their names, prices and add buttons (${size.name})`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      // Necklaces: long materials, discounts with an "Ahorras" line and cards without one in one row.
      await page.goto("/?categoria=necklaces");
      await waitForHydration(page);
      const row = await firstRow(page);
      expect(row.length).toBe(size.width >= 1024 ? 4 : 2);
      // The add row of each card (a form, or a link to the sizes of a piece sold in sizes).
      const buttons = await tops(row.map((card) => card.locator(".card-cart")));
      expect(new Set(buttons).size, `add buttons at ${buttons.join(", ")}`).toBe(1);
      const prices = await tops(row.map((card) => card.locator(".price").first()));
      expect(new Set(prices).size, `prices at ${prices.join(", ")}`).toBe(1);
      // The phone's label is short enough for one line: the button is as tall as on the desktop.
      const box = await row[0]!.getByTestId("add-to-cart").locator("button, summary").first().boundingBox();
      expect(box!.height).toBeLessThanOrEqual(48);
    });
  }

  test("cards with a model select line up with cards without one", async ({ page }) => {
    await page.goto("/?categoria=rings");
    await waitForHydration(page);
    const row = await firstRow(page);
    const buttons = await tops(row.map((card) => card.getByTestId("add-to-cart")));
    expect(new Set(buttons).size).toBe(1);
  });

  test("the price sliders filter the search, by keyboard, with or without JavaScript", async ({ page }, testInfo) => {
    await page.goto("/search?q=anillo");
    await waitForHydration(page);
    const form = page.getByRole("search", { name: "Buscar Productos" });
    await form.getByText("Filtros").click();
    const minSlider = form.getByRole("slider", { name: "Control deslizante del precio mínimo" });
    const maxSlider = form.getByRole("slider", { name: "Control deslizante del precio máximo" });
    await expect(minSlider).toHaveAttribute("min", "0");
    await expect(minSlider).toHaveAttribute("max", "10000");
    await expect(minSlider).toHaveAttribute("step", "100");
    await expect(maxSlider).toHaveValue("10000");

    // 30 steps of 100 up for the minimum, 50 steps down for the maximum: 3000 to 5000.
    await minSlider.focus();
    for (let i = 0; i < 30; i += 1) await page.keyboard.press("ArrowRight");
    await maxSlider.focus();
    for (let i = 0; i < 50; i += 1) await page.keyboard.press("ArrowLeft");
    if (testInfo.project.name === "js") {
      // With JavaScript the number boxes follow the sliders.
      await expect(form.locator("input[type=number][name=min]")).toHaveValue("3000");
    }
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/[?&]min=3000/);
    await expect(page).toHaveURL(/[?&]max=5000/);
    const prices = await page.locator("[data-testid=product-card] .price").allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const text of prices) {
      const pesos = Number(text.replace(/[^\d.]/g, ""));
      expect(pesos).toBeGreaterThanOrEqual(3000);
      expect(pesos).toBeLessThanOrEqual(5000);
    }

    // The page shows the bounds it searched with, and a typed price still works (and wins).
    const form2 = page.getByRole("search", { name: "Buscar Productos" });
    await expect(form2.getByRole("slider", { name: "Control deslizante del precio mínimo" })).toHaveValue("3000");
    await form2.locator("input[type=number][name=min]").fill("4000");
    await form2.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/[?&]min=4000/);
    await expect(form2.getByRole("slider", { name: "Control deslizante del precio mínimo" })).toHaveValue("4000");
  });

  test("logged out, a search card's add action opens the product page", async ({ page }) => {
    await page.goto("/search?q=collar");
    await waitForHydration(page);
    const card = page.locator('[data-testid="product-card"]:has([data-stock="available"])').first();
    const href = await card.locator("h2 a, h3 a").first().getAttribute("href");
    await card.getByRole("link", { name: "Agregar al carrito" }).click();
    await expect(page).toHaveURL(href!);
  });

  test("a size is chosen, never assumed: the card sends to the sizes, Elige tu talla until one is picked", async ({
    page,
    login,
    app,
  }, testInfo) => {
    await login();
    const name = `Collar Talla Elegida ${testInfo.project.name} ${Date.now()}`;
    const product = await app.prisma.product.create({
      data: {
        name,
        price: 2_000_00,
        image: "/images/products/placeholder.svg",
        categoryId: 2,
        variants: {
          create: [
            { name: "40 cm", size: "40 cm", price: 2_000_00, stock: 5, sortOrder: 0 },
            { name: "45 cm", size: "45 cm", price: 2_300_00, stock: 5, sortOrder: 1 },
          ],
        },
      },
    });
    // The card's quick-add offers no length of its own: it goes to the piece's sizes.
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await waitForHydration(page);
    const card = page.getByTestId("product-card").filter({ hasText: name });
    await card.getByRole("link", { name: "Elige tu talla" }).click();
    await expect(page).toHaveURL(new RegExp(`/producto/${product.id}#talla$`));
    await waitForHydration(page);

    const sizes = page.getByRole("group", { name: "Talla" });
    await expect(sizes.locator("[aria-current]")).toHaveCount(0);
    const purchase = page.getByRole("form", { name: "Añadir al carrito" });
    await purchase.getByRole("button", { name: "AÑADIR AL CARRITO" }).click();
    // The server refuses, and says so next to the sizes (not in the page-wide message).
    await expect(sizes.getByRole("alert")).toHaveText("Elige tu talla");
    await expect(page.getByTestId("flash-message")).toHaveCount(0);
    expect(await app.prisma.cartItem.count({ where: { productId: product.id } })).toBe(0);

    await sizes.getByRole("link", { name: "45 cm", exact: true }).click();
    await expect(page).toHaveURL(/talla=45/);
    await expect(sizes.getByRole("alert")).toHaveCount(0);
    await purchase.getByRole("button", { name: "AÑADIR AL CARRITO" }).click();
    if (testInfo.project.name === "js") await expect(purchase.getByRole("button", { name: "✓ Añadido" })).toBeVisible();
    else await expect(page.getByTestId("flash-message")).toHaveText("✓ Añadido al carrito");
    const line = await app.prisma.cartItem.findFirstOrThrow({ where: { productId: product.id } });
    expect(line.variantId).not.toBeNull();
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: line.variantId! } })).size).toBe("45 cm");
  });

  test("a sold-out product shows AGOTADO, no quantity stepper, and related pieces in stock", async ({ page }) => {
    await page.goto("/search?q=Collar%20Amatista%20L%C3%A1grima");
    await page.getByRole("link", { name: "Collar Amatista Lágrima" }).click();
    const block = page.getByTestId("sold-out");
    await expect(block.getByRole("button", { name: "AGOTADO" })).toBeDisabled();
    await expect(page.locator("#comprar input[name=quantity]")).toHaveCount(0);
    const offered = block.getByRole("listitem");
    await expect(offered.first()).toBeVisible();
    await offered.first().getByRole("link").click();
    await expect(page.getByRole("button", { name: "AÑADIR AL CARRITO" }).first()).toBeEnabled();
  });

  test("on a phone the product page keeps the price and AÑADIR AL CARRITO at hand", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/search?q=Anillo%20Solitario%20Aurora");
    await page.getByRole("link", { name: "Anillo Solitario Aurora" }).click();
    await waitForHydration(page);
    const bar = page.getByTestId("buy-bar");
    // The gallery fills the first screen; the bar sits at the bottom of it.
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText("$16,820.00");
    // No size is assumed: the bar's link leads to the sizes until one is picked.
    await expect(bar.getByRole("link", { name: "Oro blanco · Elige tu talla" })).toHaveAttribute("href", "#talla");
    if (testInfo.project.name === "js") {
      // It steps aside while the page's own purchase form is on screen.
      await page.getByRole("form", { name: "Añadir al carrito" }).scrollIntoViewIfNeeded();
      await expect(bar).toBeHidden();
    }
  });

  test("the grid's anchor leaves no strip of the hero under the header", async ({ page }) => {
    await page.goto("/#productos");
    const header = await page.locator("header").first().boundingBox();
    // The section starts right at the header's bottom edge (the smooth scroll may take a moment).
    await expect
      .poll(async () => Math.abs((await page.locator("#productos").boundingBox())!.y - header!.height))
      .toBeLessThanOrEqual(2);
  });
});
