import type { Page } from "@playwright/test";
import { quickAddCards } from "./catalog-helpers";
import { expect, test, waitForHydration } from "./fixtures";

type SeedProduct = { id: number; name: string };

/**
 * Products of the home grid with the given stock level (Disponible = more than 20 pieces), from its
 * first pages (the home's grid shows 12 a page).
 */
async function productsFromHome(page: Page, level: "available" | "out", count: number): Promise<SeedProduct[]> {
  const found: SeedProduct[] = [];
  for (let pagina = 1; found.length < count && pagina <= 5; pagina += 1) {
    await page.goto(pagina === 1 ? "/" : `/?pagina=${pagina}`);
    const links = page.locator(
      // A piece with sizes is added with its size (issue 37): these posts name none.
      `[data-testid="product-card"]:has([data-stock="${level}"]):not(:has([data-needs-size])) h3 a`,
    );
    for (const link of await links.all()) {
      if (found.length === count) break;
      const href = (await link.getAttribute("href")) ?? "";
      found.push({ id: Number(href.split("/").pop()), name: (await link.textContent())?.trim() ?? "" });
    }
  }
  expect(found).toHaveLength(count);
  return found;
}

/** Posts a cart form as a browser would (same cookies, same-origin Origin header) and expects the redirect. */
async function postCart(page: Page, baseURL: string | undefined, form: Record<string, string>) {
  const response = await page.request.post("/cart", { form, headers: { Origin: baseURL ?? "" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return response.headers()["location"];
}

test.describe("cart", () => {
  // Every test shops with a customer of its own, so its cart starts empty and no other test touches it.
  test.beforeEach(async ({ login }, testInfo) => {
    if (testInfo.title.startsWith("logged out")) return;
    await login();
  });

  test("logged out: the cart is empty and offers to log in; adding sends to /login with the origin", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/cart");
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
    await expect(page.getByRole("link", { name: "INICIAR SESIÓN PARA COMPRAR" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fcart",
    );
    await expect(page.getByRole("link", { name: "CONTINUAR COMPRANDO" })).toHaveAttribute("href", "/");

    const [product] = await productsFromHome(page, "available", 1);
    const response = await request.post("/cart", {
      form: { intent: "add", productId: String(product!.id), quantity: "1", redirectTo: `/producto/${product!.id}` },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    // The interrupted add travels with the way back, so the login finishes it.
    expect(response.headers()["location"]).toBe(
      `/login?redirectTo=${encodeURIComponent(`/producto/${product!.id}`)}&agregar=${product!.id}-base&cantidad=1`,
    );
  });

  test("adds, merges, updates, removes and clears on the /cart page", async ({ page, baseURL }, testInfo) => {
    const [first, second] = await productsFromHome(page, "available", 2);
    expect(
      await postCart(page, baseURL, {
        intent: "add",
        productId: String(first!.id),
        variantId: "",
        quantity: "1",
        redirectTo: "/cart",
      }),
    ).toBe("/cart");
    await postCart(page, baseURL, {
      intent: "add",
      productId: String(first!.id),
      variantId: "",
      quantity: "1",
      redirectTo: "/cart",
    });
    await postCart(page, baseURL, {
      intent: "add",
      productId: String(second!.id),
      variantId: "",
      quantity: "1",
      redirectTo: "/cart",
    });

    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByTestId("flash-message")).toHaveText("✓ Añadido al carrito");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    // New lines go on top; adding the same product again merges into its line.
    await expect(lines.nth(0)).toContainText(second!.name);
    await expect(lines.nth(1)).toContainText(first!.name);
    await expect(page.getByLabel(`Cantidad de ${first!.name}`)).toHaveText("2");
    await expect(page.getByTestId("cart-count")).toHaveText("3");
    await expect(page.getByRole("link", { name: "FINALIZAR COMPRA" })).toHaveAttribute("href", "/checkout");
    await expect(page.getByTestId("cart-total")).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    const totalBefore = await page.getByTestId("cart-total").textContent();

    await page.getByRole("button", { name: `Agregar una pieza de ${first!.name}` }).click();
    await expect(page.getByLabel(`Cantidad de ${first!.name}`)).toHaveText("3");
    await expect(page.getByTestId("cart-total")).not.toHaveText(totalBefore ?? "");
    await expect(page.getByTestId("cart-count")).toHaveText("4");

    await page.getByRole("button", { name: `Quitar una pieza de ${first!.name}` }).click();
    await expect(page.getByLabel(`Cantidad de ${first!.name}`)).toHaveText("2");
    await expect(page.getByTestId("cart-total")).toHaveText(totalBefore ?? "");

    await page.getByRole("button", { name: `Eliminar ${second!.name}` }).click();
    await expect(lines).toHaveCount(1);

    // Vaciar carrito asks first; Cancelar keeps the cart, Sí, vaciar empties it.
    await page.getByRole("button", { name: "Vaciar carrito" }).click();
    const confirm = page.getByRole("group", { name: "¿Vaciar el carrito?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole(testInfo.project.name === "js" ? "button" : "link", { name: "Cancelar" }).click();
    await expect(confirm).toBeHidden();
    await expect(lines).toHaveCount(1);
    await page.getByRole("button", { name: "Vaciar carrito" }).click();
    await page.getByRole("group", { name: "¿Vaciar el carrito?" }).getByRole("button", { name: "Sí, vaciar" }).click();
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
  });

  test("the cart page's controls are at least 44 px square on a phone", async ({ page, baseURL }) => {
    const [product] = await productsFromHome(page, "available", 1);
    await postCart(page, baseURL, {
      intent: "add",
      productId: String(product!.id),
      quantity: "2",
      redirectTo: "/cart",
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/cart");
    for (const name of [
      `Quitar una pieza de ${product!.name}`,
      `Agregar una pieza de ${product!.name}`,
      `Eliminar ${product!.name}`,
      "Vaciar carrito",
    ]) {
      const box = await page.getByRole("button", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
  });

  test("a quantity of 0 removes the line", async ({ page, baseURL }) => {
    const [product] = await productsFromHome(page, "available", 1);
    await postCart(page, baseURL, {
      intent: "add",
      productId: String(product!.id),
      quantity: "1",
      redirectTo: "/cart",
    });
    await page.goto("/cart");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Quitar ${product!.name}` }).click();
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
  });

  test("refuses a sold-out product with the shop's message", async ({ page, baseURL }) => {
    const [soldOut] = await productsFromHome(page, "out", 1);
    expect(
      await postCart(page, baseURL, {
        intent: "add",
        productId: String(soldOut!.id),
        quantity: "1",
        redirectTo: "/cart",
      }),
    ).toBe("/cart");
    await page.goto("/cart");
    await expect(page.getByTestId("flash-message")).toHaveText("Este producto está agotado");
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
  });

  test("the drawer opens from the header, edits the cart and closes with Escape, the backdrop and CONTINUAR COMPRANDO", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "The drawer is a JavaScript enhancement of /cart.");
    const [product] = await productsFromHome(page, "available", 1);
    await postCart(page, baseURL, { intent: "add", productId: String(product!.id), quantity: "1", redirectTo: "/" });
    await page.goto("/");
    const cartLink = page.getByRole("link", { name: "Carrito, 1 artículo", exact: true });
    const drawer = page.getByRole("dialog", { name: "Tu carrito" });

    await waitForHydration(page);
    await cartLink.click();
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer.getByRole("button", { name: "Cerrar carrito" })).toBeFocused();
    await expect(drawer.getByTestId("cart-line")).toContainText(product!.name);
    await expect(drawer.getByRole("link", { name: "FINALIZAR COMPRA" })).toBeVisible();

    await drawer.getByRole("button", { name: `Agregar una pieza de ${product!.name}` }).click();
    await expect(drawer.getByLabel(`Cantidad de ${product!.name}`)).toHaveText("2");
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("link", { name: /^Carrito/ })).toBeFocused();

    await page.getByRole("link", { name: /^Carrito/ }).click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(20, 400); // the backdrop, left of the panel
    await expect(drawer).toBeHidden();

    await page.getByRole("link", { name: /^Carrito/ }).click();
    await drawer.getByRole("button", { name: "CONTINUAR COMPRANDO" }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole("link", { name: /^Carrito/ }).click();
    await drawer.getByRole("button", { name: `Eliminar ${product!.name}` }).click();
    await expect(drawer.getByText("Tu carrito está vacío")).toBeVisible();
  });

  // ── These need the catalogue's pages (issue of the catalogue engineer, in progress). ──

  test("adds from the product detail page with AÑADIR AL CARRITO", async ({ page }) => {
    const [product] = await productsFromHome(page, "available", 1);
    await page.goto(`/producto/${product!.id}`);
    await waitForHydration(page);
    const form = page
      .locator('form[action="/cart"]')
      .filter({ has: page.getByRole("button", { name: "AÑADIR AL CARRITO" }) });
    await form.getByRole("button", { name: "AÑADIR AL CARRITO" }).click();
    await expect(page.getByText(/✓ Añadido/).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/producto/${product!.id}`));
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toContainText(product!.name);
  });

  test("adds from a product card with a chosen quantity", async ({ page }, testInfo) => {
    await page.goto("/?categoria=earrings");
    await waitForHydration(page);
    const card = quickAddCards(page).first();
    const name = (await card.locator("h2, h3").textContent())?.trim() ?? "";
    await card.getByText("Agregar al carrito").click();
    await card.getByLabel("Cantidad", { exact: true }).fill("2");
    await card.getByRole("button", { name: "AGREGAR", exact: true }).click();
    if (testInfo.project.name === "js") {
      await expect(card.getByRole("button", { name: "✓ Añadido" })).toBeVisible();
      await expect(card.getByRole("button", { name: "Agregar al carrito" })).toBeVisible();
    } else {
      await expect(page.getByTestId("flash-message")).toHaveText("✓ Añadido al carrito");
    }
    await page.goto("/cart");
    await expect(page.getByLabel(`Cantidad de ${name}`)).toHaveText("2");
  });

  test("logged out, adding from a product card asks to log in, with the page and the piece on the way", async ({
    page,
  }, testInfo) => {
    await page.goto("/?categoria=earrings");
    await waitForHydration(page);
    const card = quickAddCards(page).first();
    await card.getByText("Agregar al carrito").click();
    await card.getByRole("button", { name: "AGREGAR", exact: true }).click();
    if (testInfo.project.name === "js") {
      // The login modal opens over the page, saying why.
      await expect(page.getByRole("dialog").getByTestId("add-prompt")).toContainText("Inicia sesión para agregar");
      await expect(page).toHaveURL("/?categoria=earrings");
    } else {
      await expect(page).toHaveURL(
        new RegExp(
          `^[^?]+/login\\?redirectTo=${encodeURIComponent("/?categoria=earrings#producto-")}\\d+&agregar=\\d+-`,
        ),
      );
    }
  });
});
