import type { Locator, Page, TestInfo } from "@playwright/test";
import { HOME_GRID_PAGE_SIZE as PAGE } from "~/lib/constants";
import { usesJs } from "./auth-helpers";
import { quickAddCards, ringWithSizes, stockedCards } from "./catalog-helpers";
import { expect, type NewUser, test, waitForHydration } from "./fixtures";

/**
 * A shopper's journey without friction (issue 22): the interrupted add resumes after a login, Back
 * after Ver más, the ring size guide, the zoom dialog and /favoritos — with and without JavaScript.
 * The checkout's remembered address, phone and postal code are in shopper-checkout.spec.ts.
 */

/**
 * The first "Disponible" card of `path` (rings when asked for sizes), or when the suite's other specs
 * have left none on that page, the first with 3 or more left.
 */
async function availableCard(page: Page, path = "/", { quickAdd = false } = {}) {
  await page.goto(path);
  await waitForHydration(page);
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  // A card's own prompt adds only pieces without sizes (a size is chosen on the piece's page).
  const offered = quickAdd ? quickAddCards(page) : stockedCards(page);
  const wellStocked = offered.filter({ has: page.locator('[data-stock="available"]') });
  const card = (await wellStocked.count()) > 0 ? wellStocked.first() : offered.first();
  const link = card.locator("h2 a, h3 a");
  const href = (await link.getAttribute("href")) ?? "";
  const id = Number(new URL(href, "http://x").pathname.split("/").pop());
  return { card, id, name: (await link.textContent())?.trim() ?? "" };
}

/** The login form the add led to: the modal with JavaScript, the /login page without. */
function loginScope(page: Page, testInfo: TestInfo): Locator {
  return usesJs(testInfo) ? page.getByRole("dialog") : page.getByRole("main");
}

/** A wrong password first (the way back must survive it), then the right one. */
async function logInAfterAFailure(scope: Locator, user: NewUser) {
  await scope.getByLabel("Email", { exact: true }).fill(user.email);
  await scope.getByLabel("Contraseña", { exact: true }).fill("no-es-la-buena");
  await scope.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(scope.getByText("Email o contraseña incorrectos")).toBeVisible();
  await scope.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await scope.getByRole("button", { name: "Iniciar Sesión" }).click();
}

async function cartLines(page: Page) {
  await page.goto("/cart");
  return page.getByTestId("cart-line");
}

test.describe("the interrupted add", () => {
  test("on a product page: the prompt says why, and after a failed and a good login the piece is in the cart", async ({
    page,
    insertNewUser,
  }, testInfo) => {
    const user = await insertNewUser();
    const { id, name } = await availableCard(page, "/?categoria=rings");
    await page.goto(`/producto/${id}`);
    await waitForHydration(page);
    const purchase = page.locator("#comprar");
    // A size to choose: an option of the list (not the size guide's link beside it), neither the one
    // already chosen nor a sold-out one.
    const sizes = purchase.locator(
      '[role="group"][aria-label="Talla"] > ul > li > a:not([aria-current]):not([aria-label*="agotado"])',
    );
    if ((await sizes.count()) > 0) {
      await sizes.first().click();
      await expect(page).toHaveURL(/talla=/);
    }
    await purchase.getByRole("button", { name: "AÑADIR AL CARRITO" }).first().click();

    const scope = loginScope(page, testInfo);
    await expect(scope.getByTestId("add-prompt")).toContainText(`Inicia sesión para agregar ${name}`);
    if (!usesJs(testInfo)) await expect(page).toHaveURL(new RegExp(`/login\\?.*agregar=${id}-`));
    await logInAfterAFailure(scope, user);

    await expect(page).toHaveURL(new RegExp(`/producto/${id}`));
    await expect(page.getByText(/✓ Añadido al carrito/).first()).toBeVisible();
    await expect(await cartLines(page)).toHaveCount(1);
    await expect(page.getByTestId("cart-line")).toContainText(name);
  });

  test("on a card: after the login the piece is in the cart and the shopper is back at the card", async ({
    page,
    insertNewUser,
  }, testInfo) => {
    const user = await insertNewUser();
    const { card, name, id } = await availableCard(page, "/?categoria=necklaces", { quickAdd: true });
    await card.getByText("Agregar al carrito").click();
    await card.getByLabel("Cantidad", { exact: true }).fill("2");
    await card.getByRole("button", { name: "AGREGAR", exact: true }).click();

    const scope = loginScope(page, testInfo);
    await expect(scope.getByTestId("add-prompt")).toContainText("Inicia sesión para agregar");
    await logInAfterAFailure(scope, user);

    await expect(page).toHaveURL(/categoria=necklaces/);
    await expect(page.getByText(/✓ Añadido al carrito/).first()).toBeVisible();
    if (!usesJs(testInfo)) expect(new URL(page.url()).hash).toBe(`#producto-${id}`);
    await expect(await cartLines(page)).toHaveCount(1);
    await expect(page.getByLabel(`Cantidad de ${name}`)).toHaveText("2");
  });
});

test("Back after Ver más shows the same pieces at the same place; a page link lands on the grid", async ({
  page,
  insertNewUser,
  paidOrder,
}, testInfo) => {
  // The home's first screen gains its "Más vendidos" row with the shop's first sales, which other specs
  // make while this one runs: the row is there before this test starts, so the home's height does not
  // change between leaving page 2 and coming back to it.
  await paidOrder((await insertNewUser()).id, [1, 2, 3, 4]);
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return page.getByRole("heading", { name: "Más vendidos" }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await waitForHydration(page);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(PAGE);
  await page.getByRole("link", { name: "Ver más" }).click();
  if (usesJs(testInfo)) {
    await expect(cards).toHaveCount(2 * PAGE);
    await expect(page).toHaveURL(/\/\?pagina=2$/);
    // A piece of the appended page, well below the first screen.
    const at = PAGE + 6;
    const piece = cards.nth(at);
    const name = (await piece.locator("h3").textContent())?.trim() ?? "";
    await piece.locator("h3 a").click();
    await expect(page).toHaveURL(/\/producto\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/\?pagina=2$/);
    await expect(cards).toHaveCount(2 * PAGE);
    await expect(cards.nth(at).locator("h3")).toHaveText(name);
    await expect(cards.nth(at)).toBeInViewport();
  } else {
    // The link goes to the grid of page 2, not to the top of the hero.
    await expect(page).toHaveURL(/\/\?pagina=2#productos$/);
    await expect(cards).toHaveCount(PAGE);
    await expect(cards.first()).toBeInViewport();
    await expect(page.getByRole("heading", { level: 1 })).not.toBeInViewport();
  }
});

test("the ring size guide: a dialog with JavaScript (Escape closes it, focus returns), a page without", async ({
  page,
}, testInfo) => {
  await page.goto(await ringWithSizes(page));
  await waitForHydration(page);
  const link = page.getByRole("link", { name: "Guía de tallas" });
  await link.click();
  if (usesJs(testInfo)) {
    const dialog = page.getByTestId("size-guide-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Guía de tallas" })).toBeVisible();
    await expect(dialog.getByRole("table")).toContainText("mm");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    await expect(page).toHaveURL(/\/producto\//);
  } else {
    await expect(page).toHaveURL(/\/guia-de-tallas$/);
    await expect(page.getByRole("heading", { level: 1, name: "Guía de tallas" })).toBeVisible();
    await expect(page.getByRole("table").first()).toContainText("mm");
  }
});

test("photo zoom: a full-screen dialog driven by the keyboard with JavaScript, the image file without", async ({
  page,
}, testInfo) => {
  const { id } = await availableCard(page);
  await page.goto(`/producto/${id}`);
  await waitForHydration(page);
  const open = page.getByRole("main").getByLabel(/^Ampliar imagen 1 de \d+$/);
  if (!usesJs(testInfo)) {
    await expect(open).toHaveAttribute("href", /\.(webp|jpg|png)$/);
    return;
  }
  const count = Number((await open.getAttribute("aria-label"))?.match(/de (\d+)$/)?.[1]);
  await open.click();
  const zoom = page.getByTestId("product-zoom");
  await expect(zoom).toBeVisible();
  await expect(page.getByTestId("zoom-counter")).toHaveText(`1 / ${count}`);
  if (count > 1) {
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("zoom-counter")).toHaveText(`2 / ${count}`);
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("zoom-counter")).toHaveText(`1 / ${count}`);
  }
  await page.keyboard.press("Escape");
  await expect(zoom).toBeHidden();
  await expect(open).toBeFocused();
});

test.describe("/favoritos", () => {
  test("empty: points to the catalogue", async ({ page }) => {
    await page.goto("/favoritos");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Favoritos" })).toBeVisible();
    await expect(page.getByTestId("favorites-empty")).toContainText("Aún no tienes favoritos");
    await expect(page.getByRole("link", { name: "Explorar la colección" })).toHaveAttribute("href", "/#productos");
  });

  test("lists the hearted pieces with price and stock, and adds them to the cart", async ({
    page,
    login,
  }, testInfo) => {
    await login();
    const { id, name } = await availableCard(page, "/", { quickAdd: true });
    if (usesJs(testInfo)) {
      await page.goto(`/producto/${id}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: `Agregar ${name} a favoritos` }).click();
      await page.getByTestId("favorites-link").click();
      await expect(page).toHaveURL(new RegExp(`/favoritos\\?piezas=${id}$`));
    } else {
      // Without JavaScript there are no hearts; an address with the list still shows it.
      await page.goto(`/favoritos?piezas=${id}`);
    }
    const card = page.getByTestId("favorites").getByTestId("product-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(name);
    await expect(card).toContainText("$");
    await expect(card.locator("[data-stock]")).toHaveAttribute("data-stock", /^(available|low)$/);

    await card.getByText("Agregar al carrito").click();
    await card.getByRole("button", { name: "AGREGAR", exact: true }).click();
    if (usesJs(testInfo)) await expect(card.getByRole("button", { name: "✓ Añadido" })).toBeVisible();
    else await expect(page.getByTestId("flash-message")).toHaveText("✓ Añadido al carrito");
    await expect(await cartLines(page)).toContainText(name);

    if (usesJs(testInfo)) {
      await page.goto("/favoritos");
      await expect(page).toHaveURL(new RegExp(`piezas=${id}`));
      await page.getByRole("button", { name: `Quitar ${name} de favoritos` }).click();
      await expect(page.getByTestId("favorites-empty")).toBeVisible();
    }
  });
});
