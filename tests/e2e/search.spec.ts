import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { animationsSettled, expect, test, waitForHydration } from "./fixtures";

// Seed catalogue (prisma/seed-data.ts): nine gold rings, plus two silver ones with gold plating; the
// Anillo Sello Ónix is plain silver.

const PLACEHOLDER = "Buscar por nombre, descripción o material";

/** The visible (and announced) count: "N resultados para «…»". */
const resultsCount = (scope: Page | Locator) => scope.getByRole("status").filter({ hasText: / para «/ });

/** Types a search on the /search page and sends it with Buscar, as a shopper without the overlay does. */
async function searchOnPage(page: Page, q: string) {
  const form = page.getByRole("search", { name: "Buscar Productos" });
  await form.getByPlaceholder(PLACEHOLDER).fill(q);
  await form.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
}

test.describe("search page, with and without JavaScript", () => {
  test("«anillo de oro» finds every gold ring, with the count", async ({ page }) => {
    await page.goto("/search");
    await searchOnPage(page, "anillo de oro");
    await expect(resultsCount(page)).toHaveText(/^\d+ resultados para «anillo de oro»$/);
    const results = page.getByRole("list", { name: "Resultados de búsqueda" });
    for (const name of ["Anillo Esmeralda Imperial", "Argolla Clásica 4 mm", "Anillo Solitario Aurora"]) {
      await expect(results.getByRole("link", { name })).toBeVisible();
    }
    await expect(results.getByRole("link", { name: "Anillo Sello Ónix" })).toHaveCount(0);
    await expect(page.getByText("¿Quisiste decir")).toHaveCount(0);
  });

  test("«anilo» finds the rings and offers «anillo», which the link searches", async ({ page }) => {
    await page.goto("/search");
    await searchOnPage(page, "anilo");
    await expect(resultsCount(page)).toHaveText(/^\d+ resultados para «anilo»$/);
    await expect(page.getByRole("link", { name: "Anillo Corazón" })).toBeVisible();
    await page.getByRole("link", { name: "anillo", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=anillo$/);
    await expect(resultsCount(page)).toHaveText(/^\d+ resultados para «anillo»$/);
    await expect(page.getByText("¿Quisiste decir")).toHaveCount(0);
    await expect(page.getByPlaceholder(PLACEHOLDER)).toHaveValue("anillo");
  });

  test("a search that finds nothing offers the nearest one, else the categories and featured pieces", async ({
    page,
  }) => {
    // «xilófono» matches nothing and has no correction, so the nearest search that finds something is «anillo».
    // (A word for something the shop does not sell, «reloj», is answered plainly instead: below.)
    await page.goto("/search?q=anillo%20de%20xil%C3%B3fono");
    await expect(page.getByText("No se encontraron productos")).toBeVisible();
    await page.getByRole("link", { name: "anillo", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=anillo$/);
    await expect(resultsCount(page)).toHaveText(/resultados para «anillo»/);

    await page.goto("/search?q=reloj");
    await expect(page.getByText("No se encontraron productos")).toBeVisible();
    await expect(page.getByText("¿Quisiste decir")).toHaveCount(0);
    const featured = page.getByRole("region", { name: "Piezas destacadas" });
    await expect(featured.getByTestId("product-card").first()).toBeVisible();
    await page.getByRole("navigation", { name: "Explorar categorías" }).getByRole("link", { name: "Collares" }).click();
    await expect(page).toHaveURL(/\/\?categoria=necklaces$/);
    await expect(page.getByRole("heading", { level: 1, name: "Collares" })).toBeVisible();
  });

  test("without JavaScript the header's search goes to the search page", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript it opens the overlay (below)");
    await page.goto("/");
    await page.getByRole("link", { name: "Buscar productos" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await searchOnPage(page, "anilo");
    await page.getByRole("link", { name: "anillo", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=anillo$/);
  });
});

test.describe("search overlay (JavaScript)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the overlay is a JavaScript enhancement of /search");

  test("searches «anillo de oro» and «anilo», and searches the suggestion in place", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Buscar productos" }).click();
    const dialog = page.getByRole("dialog", { name: "Buscar Productos" });
    const input = dialog.getByPlaceholder(PLACEHOLDER);

    await input.fill("anillo de oro");
    await expect(resultsCount(dialog)).toHaveText(/^\d+ resultados para «anillo de oro»$/);
    await expect(dialog.getByRole("link", { name: "Anillo Esmeralda Imperial" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Anillo Sello Ónix" })).toHaveCount(0);

    await input.fill("anilo");
    await expect(resultsCount(dialog)).toHaveText(/^\d+ resultados para «anilo»$/);
    await dialog.getByRole("link", { name: "anillo", exact: true }).click();
    await expect(input).toHaveValue("anillo");
    await expect(resultsCount(dialog)).toHaveText(/^\d+ resultados para «anillo»$/);
    await expect(dialog.getByText("¿Quisiste decir")).toHaveCount(0);
    // Searched in place: still on the home page, the overlay open.
    await expect(page).toHaveURL(/\/$/);
    await expect(dialog).toBeVisible();
  });
});

test.describe("accessibility of the count, the suggestion and the empty state (axe)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe-core hangs without JavaScript");

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    for (const path of ["/search?q=anilo", "/search?q=anillo%20de%20reloj", "/search?q=reloj"]) {
      test(`no violations on ${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.goto(path);
        await waitForHydration(page);
        await animationsSettled(page);
        const { violations } = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  }
});
