import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { addToCart, animationsSettled, expect, test, waitForHydration } from "./fixtures";
import { ringWithSizes } from "./catalog-helpers";

/**
 * axe-core on every screen of the shop, at a desktop and a phone width, logged out and logged in. A
 * screen is loaded once and checked at each width in turn (visitAtEveryWidth); the journeys that click
 * differently on a phone (its menu) run once per width.
 * Only with JavaScript: axe runs inside the page. Each screen is checked softly, so one run lists
 * every screen that fails instead of stopping at the first.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe-core runs as a script inside the page");

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "mobile", viewport: { width: 390, height: 844 } },
] as const;

/** Runs axe on the page (or one part of it) and records its violations under `screen`. */
async function checkScreen(page: Page, screen: string, include?: string) {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page })
    // Only violations are asserted: axe then keeps one node per rule of the other result types instead of
    // building a selector for every node of the page that passed, the slow tail of each run.
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // A page without frames is checked with one axe.run() inside it. The default (runPartial per frame,
    // then finishRun in a new blank tab that loads axe again) is only needed to reach into frames, and
    // cost a tab and a second copy of axe per check; a page that ever gets a frame goes back to it.
    .setLegacyMode(page.frames().length === 1);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}

async function visit(page: Page, path: string, screen = path) {
  await page.goto(path);
  await waitForHydration(page);
  await checkScreen(page, screen);
}

/**
 * Checks a screen at every width from one visit: the page is loaded once at the desktop width, then the
 * viewport is narrowed to the phone's and axe runs again. The shop's phone layout is CSS media queries
 * (the menu, the grids, the tables), which follow the viewport as it changes, so this checks the same
 * phone page as loading it at that width, without a second context, navigation and hydration.
 */
async function visitAtEveryWidth(page: Page, path: string, screen = path) {
  await page.setViewportSize(WIDTHS[0].viewport);
  await visit(page, path, `${screen} at ${WIDTHS[0].name} width`);
  for (const { name, viewport } of WIDTHS.slice(1)) {
    await page.setViewportSize(viewport);
    await checkScreen(page, `${screen} at ${name} width`);
  }
}

/** The first product of the home grid that is well in stock. */
async function availableProductId(page: Page) {
  await page.goto("/");
  const href = await page
    .locator('[data-testid="product-card"]:has([data-stock="available"]):not(:has([data-needs-size])) h3 a')
    .first()
    .getAttribute("href");
  return Number((href ?? "").split("/").pop());
}

const SHIPPING = {
  Nombre: "María",
  Apellidos: "López Hernández",
  Teléfono: "5512345678",
  "Colonia/Fraccionamiento": "Polanco",
  "Calle y número": "Av. Presidente Masaryk 123",
  Municipio: "Miguel Hidalgo",
  "Código postal": "11560",
} as const;

const PUBLIC_PAGES = [
  "/",
  "/?categoria=rings",
  "/producto/1",
  "/search?q=oro",
  "/cart",
  "/checkout",
  "/cancel",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=caducado",
  "/unsubscribe",
  "/newsletter/confirmar?token=caducado",
  "/aviso-de-privacidad",
  "/aviso-de-privacidad/simplificado",
  "/terminos-y-condiciones",
  "/envios-y-devoluciones",
  "/favoritos",
  "/favoritos?piezas=1,2,3",
  "/guia-de-tallas",
  "/no-existe",
];

const ADMIN_TABS = [
  "/admin/productos",
  "/admin/productos/nuevo",
  "/admin/pedidos",
  "/admin/devoluciones",
  "/admin/usuarios",
  "/admin/historial",
  "/admin/outbox",
  "/admin/facturacion",
];

for (const { name, viewport } of WIDTHS) {
  test.describe(`axe at ${name} width`, () => {
    test.use({ viewport });

    test("the search overlay, the auth modal and the cart drawer", async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      await page.goto("/");
      await waitForHydration(page);

      await page.getByRole("link", { name: "Buscar productos" }).click();
      const search = page.getByRole("dialog", { name: "Buscar Productos" });
      await search.getByPlaceholder("Buscar por nombre, descripción o material").fill("anillo");
      await expect(search.getByTestId("product-card").first()).toBeVisible();
      await checkScreen(page, "search overlay");
      // The first Escape clears the search field (the browser's own behaviour), the second closes.
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expect(search).toBeHidden();

      // On a phone the link sits in the mobile menu.
      if (name === "mobile") await page.getByRole("banner").locator("details[data-menu=mobile] summary").click();
      await page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" }).click();
      const auth = page.getByRole("dialog");
      await expect(auth).toBeVisible();
      await checkScreen(page, "auth modal, login");
      await auth.getByRole("button", { name: "Iniciar Sesión" }).click();
      await expect(auth.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await checkScreen(page, "auth modal, login errors");
      await auth.getByRole("button", { name: "Regístrate" }).click();
      await checkScreen(page, "auth modal, register");
      await page.keyboard.press("Escape");
      await expect(auth).toBeHidden();

      await addToCart(page, baseURL, await availableProductId(page));
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("link", { name: /^Carrito/ }).click();
      await expect(page.getByRole("dialog", { name: "Tu carrito" })).toBeVisible();
      await checkScreen(page, "cart drawer");
    });

    test("the ring size guide and the photo zoom dialogs", async ({ page }) => {
      test.slow();
      await page.goto(await ringWithSizes(page));
      await waitForHydration(page);
      await page.getByRole("link", { name: "Guía de tallas" }).click();
      await expect(page.getByTestId("size-guide-dialog")).toBeVisible();
      await checkScreen(page, "size guide dialog");
      await page.keyboard.press("Escape");
      await page.getByTestId("zoom-open").click();
      await expect(page.getByTestId("product-zoom")).toBeVisible();
      await checkScreen(page, "photo zoom dialog");
    });

    test("logged in: cart, both checkout steps, Mis Pedidos, success", async ({ page, baseURL, login, paidOrder }) => {
      test.setTimeout(300_000);
      const user = await login();
      const productId = await availableProductId(page);
      await paidOrder(user.id, [productId]);
      await addToCart(page, baseURL, productId);

      for (const path of ["/", "/producto/1", "/cart", "/orders"]) await visit(page, path, `${path} (logged in)`);
      await page.getByText("Ver productos y dirección de envío").first().click();
      await checkScreen(page, "/orders with an order opened");

      await visit(page, "/checkout", "checkout step 1");
      await page.getByRole("button", { name: "Continuar al pago" }).click();
      await expect(page.getByTestId("shipping-form").getByText("El nombre es requerido")).toBeVisible();
      await checkScreen(page, "checkout step 1 with errors");

      const form = page.getByTestId("shipping-form");
      for (const [label, value] of Object.entries(SHIPPING)) await form.getByLabel(label).first().fill(value);
      await form.getByLabel("Estado").selectOption("Ciudad de México");
      await page.getByRole("button", { name: "Continuar al pago" }).click();
      await expect(page.getByTestId("payment-step")).toBeVisible();
      await expect(page.getByRole("button", { name: "PAGAR" })).toBeEnabled();
      await checkScreen(page, "checkout step 2");

      await page.getByRole("button", { name: "PAGAR" }).click();
      await expect(page).toHaveURL(/\/pay\/cs_test_/);
      await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
      await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: "Pagar" }).click();
      await expect(page.getByRole("heading", { name: "Pedido Confirmado" })).toBeVisible();
      await waitForHydration(page);
      await checkScreen(page, "success");
    });
  });
}

// One test per screen, each checked at every width from one visit: axe takes seconds per page on a quiet
// machine and a minute on a loaded one, so each screen gets its own time bound (and runs in parallel).
test.describe("axe on each screen", () => {
  for (const path of PUBLIC_PAGES) {
    test(`public screen ${path}, logged out, at every width`, async ({ page }) => {
      test.slow();
      await visitAtEveryWidth(page, path);
    });
  }

  test("the packing slip of a gift order, as a worker", async ({ page, login, insertNewUser, paidOrder, app }) => {
    test.slow();
    const shopper = await insertNewUser();
    const order = await paidOrder(shopper.id, [1, 2]);
    const { number } = await app.prisma.order.update({
      where: { id: order.id },
      data: { giftMessage: "¡Feliz cumpleaños, Ana!\nCon cariño, Luis.", giftWrapPrice: 89_99 },
      select: { number: true },
    });
    await app.prisma.address.create({
      data: {
        orderId: order.id,
        userId: shopper.id,
        name: "Ana Torres",
        phone: "5512345678",
        addressLine1: "Roma Norte",
        addressLine2: "Calle Durango 12",
        interiorNumber: "4B",
        references: "Portón verde",
        city: "Ciudad de México",
        state: "Ciudad de México",
        postalCode: "06700",
      },
    });
    await login({ role: "worker" });
    await visitAtEveryWidth(page, `/admin/pedidos/${number}/empaque`, "packing slip");
  });

  test("a used discount code's edit page and the list of codes, as admin", async ({ page, login, app }) => {
    test.slow();
    const code = await app.prisma.discountCode.create({
      data: { code: `AXE${Date.now().toString(36)}`.toUpperCase(), kind: "fixed", value: 200_00, usedCount: 1 },
    });
    await login({ role: "admin" });
    await visitAtEveryWidth(page, `/admin/promociones/cupones/${code.id}`, "a code's edit page");
    await visitAtEveryWidth(page, "/admin/promociones/cupones");
  });

  for (const path of [...ADMIN_TABS, "/admin/productos/1"]) {
    test(`admin screen ${path}, as admin, at every width`, async ({ page, login }) => {
      test.slow();
      await login({ role: "admin" });
      await visitAtEveryWidth(page, path);
    });
  }
});

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. The target is
 * found once, and again only if the page replaced it (a role locator computes the accessible name of
 * every candidate each time it is resolved).
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  let element = await target.elementHandle();
  for (let presses = 0; presses < max; presses++) {
    const focused = await element.evaluate((node) => node === document.activeElement).catch(() => null);
    if (focused) return;
    if (focused === null) {
      element = await target.elementHandle();
      if (await element.evaluate((node) => node === document.activeElement)) return;
    }
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * WCAG 2.5.3 (label in name): a link or button's accessible name contains the words it shows, so a
 * person who speaks to their browser ("pulsa Aurora") reaches it. axe has the rule among its
 * experimental ones, which the tag list above leaves out; Lighthouse runs it, and found the logo links.
 */
test("every link and button is named by what it shows, the logos included", async ({ page }) => {
  const productId = await availableProductId(page);
  for (const path of ["/", `/producto/${productId}`, "/cart", "/login"]) {
    await page.setViewportSize(WIDTHS[0].viewport);
    await page.goto(path);
    await waitForHydration(page);
    for (const { viewport } of WIDTHS) {
      await page.setViewportSize(viewport);
      const { violations } = await new AxeBuilder({ page })
        .withRules(["label-content-name-mismatch"])
        .setLegacyMode(page.frames().length === 1)
        .analyze();
      const found = violations.flatMap((violation) => violation.nodes.map((node) => node.html.slice(0, 120)));
      expect.soft(found, `${path} at ${viewport.width} px`).toEqual([]);
    }
  }
});

/**
 * Tabs `presses` times forwards, then as many backwards: focus stays in `dialog`. Past its last
 * control a native modal dialog hands focus to the browser's own toolbar (the page's body is
 * then the active element) and the next Tab comes back in; it never reaches the page behind.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12) {
  const element = await dialog.elementHandle(); // found once, as in `tabTo`
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const where = await element.evaluate((element) => {
        const active = document.activeElement;
        if (element.contains(active)) return "inside";
        return active === document.body || active === null ? "browser" : (active.outerHTML.slice(0, 120) ?? "");
      });
      expect(["inside", "browser"], `${key} #${i + 1} left the dialog for ${where}`).toContain(where);
    }
  }
}

test.describe("keyboard only", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the search overlay and the auth modal keep focus inside and give it back on close", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);

    const searchLink = page.getByRole("link", { name: "Buscar productos" });
    await tabTo(page, searchLink);
    await page.keyboard.press("Enter");
    const search = page.getByRole("dialog", { name: "Buscar Productos" });
    await expect(search.getByPlaceholder("Buscar por nombre, descripción o material")).toBeFocused();
    await page.keyboard.type("anillo");
    await expect(search.getByTestId("product-card").first()).toBeVisible();
    await expectFocusTrapped(page, search);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(search).toBeHidden();
    await expect(searchLink).toBeFocused();

    const loginLink = page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" });
    await tabTo(page, loginLink);
    await page.keyboard.press("Enter");
    const auth = page.getByRole("dialog", { name: "Iniciar Sesión" });
    await expect(auth).toBeVisible();
    await expectFocusTrapped(page, auth, 8);
    // An empty submission: the errors are alerts and the first invalid field takes the focus.
    await tabTo(page, auth.getByRole("button", { name: "Iniciar Sesión" }));
    await page.keyboard.press("Enter");
    await expect(auth.getByLabel("Email", { exact: true })).toBeFocused();
    await expect(auth.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await page.keyboard.press("Escape");
    await expect(auth).toBeHidden();
    await expect(loginLink).toBeFocused();
  });

  test("a whole purchase: product, cart drawer, checkout, payment, Pedido Confirmado", async ({ page, login }) => {
    test.setTimeout(180_000);
    await login();
    await page.goto("/");
    await waitForHydration(page);

    // A product well in stock with no models to choose, from the home grid.
    const productLink = page.locator('[data-testid="product-card"]:has([data-stock="available"]) h3 a').first();
    const productName = ((await productLink.textContent()) ?? "").trim();
    await tabTo(page, productLink, { max: 150 });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
    await waitForHydration(page);

    const purchase = page.getByRole("form", { name: "Añadir al carrito" });
    await tabTo(page, purchase.getByRole("button", { name: "AÑADIR AL CARRITO" }));
    await page.keyboard.press("Enter");
    // Announced through the form's polite live region.
    await expect(purchase.getByRole("status")).toHaveText("✓ Añadido");
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    const cartLink = page.getByRole("link", { name: /^Carrito/ });
    await tabTo(page, cartLink, { backwards: true, max: 150 });
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(drawer.getByRole("button", { name: "Cerrar carrito" })).toBeFocused();
    await expectFocusTrapped(page, drawer);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(cartLink).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByRole("link", { name: "FINALIZAR COMPRA" }));
    await page.keyboard.press("Enter");
    // With JavaScript, FINALIZAR COMPRA opens the checkout in a modal dialog.
    const checkout = page.getByRole("dialog", { name: "Finalizar compra" });
    await expect(checkout.getByRole("heading", { name: "Datos de envío" })).toBeVisible();

    // Sending it empty: the first invalid field takes the focus and says what is wrong.
    const form = checkout.getByTestId("shipping-form");
    await tabTo(page, form.getByRole("button", { name: "Continuar al pago" }));
    await page.keyboard.press("Enter");
    const firstName = form.getByRole("textbox", { name: "Nombre", exact: true });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAccessibleDescription(/El nombre es requerido/);

    for (const [label, value] of Object.entries(SHIPPING)) {
      const field = form.getByLabel(label).first();
      await tabTo(page, field, { backwards: label === "Nombre" });
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(value);
      await expect(field).toHaveValue(value);
    }
    const state = form.getByLabel("Estado");
    await tabTo(page, state, { backwards: true });
    // Arrow keys, one state at a time, as a keyboard user can: typing the name ahead depends on the pause
    // between keys (the browser starts the search again after about a second), which a loaded machine
    // stretches — "Ciudad de M" once landed on Campeche.
    await page.keyboard.press("Home");
    for (let steps = 0; steps < 40 && (await state.inputValue()) !== "Ciudad de México"; steps += 1) {
      await page.keyboard.press("ArrowDown");
    }
    await expect(state).toHaveValue("Ciudad de México");

    await tabTo(page, form.getByRole("button", { name: "Continuar al pago" }));
    await page.keyboard.press("Enter");
    // The new step is announced: focus moves to its title.
    await expect(checkout.getByRole("heading", { name: "Resumen de pago" })).toBeFocused();
    await expect(checkout.getByTestId("checkout-step")).toHaveText("Paso 2 de 2");

    await tabTo(page, checkout.getByRole("button", { name: "PAGAR" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pay\/cs_test_/);

    for (const [label, value] of [
      ["Número de tarjeta", "4242 4242 4242 4242"],
      ["Vencimiento (MM/AA)", "12/39"],
      ["CVC", "123"],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole("button", { name: "Pagar" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Pedido Confirmado" })).toBeVisible();
  });
});
