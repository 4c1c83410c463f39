import type { Page } from "@playwright/test";
import { addToCart, expect, test, waitForHydration } from "./fixtures";

/**
 * The shipping form of issue 22, with and without JavaScript: a returning customer's address offered
 * and already in the form, a phone written with spaces, the postal code checked against the state,
 * and a gift message that reaches the staff's order page and the packing slip.
 */

async function availableProductId(page: Page) {
  await page.goto("/");
  const href = await page
    .locator('[data-testid="product-card"]:has([data-stock="available"]):not(:has([data-needs-size])) h3 a')
    .first()
    .getAttribute("href");
  return Number(new URL(href ?? "", "http://x").pathname.split("/").pop());
}

async function goToCheckout(page: Page) {
  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByTestId("shipping-form");
  await expect(form).toBeVisible();
  return form;
}

const ADDRESS = {
  Nombre: "Lucía",
  Apellidos: "Ramírez Soto",
  "Colonia/Fraccionamiento": "Americana",
  "Calle y número": "Av. Chapultepec 480",
  Municipio: "Guadalajara",
} as const;

test("a returning customer's last address is offered and already in the form, still editable", async ({
  page,
  baseURL,
  login,
  paidOrder,
  app,
}) => {
  const user = await login();
  const productId = await availableProductId(page);
  const order = await paidOrder(user.id, [productId]);
  await app.prisma.address.create({
    data: {
      orderId: order.id,
      userId: user.id,
      name: "Lucía Ramírez Soto",
      firstName: "Lucía",
      lastName: "Ramírez Soto",
      phone: "3312345678",
      // address_line1 is the colonia, address_line2 the street and number.
      addressLine1: "Americana",
      addressLine2: "Av. Chapultepec 480",
      interiorNumber: "4B",
      references: "Entre Libertad y Lerdo, portón verde",
      city: "Guadalajara",
      state: "Jalisco",
      postalCode: "44160",
    },
  });
  await addToCart(page, baseURL, productId);
  const form = await goToCheckout(page);

  const saved = page.getByTestId("saved-addresses");
  await expect(saved.locator('a[aria-current="true"]')).toContainText("Av. Chapultepec 480");
  await expect(form.getByLabel("Nombre")).toHaveValue("Lucía");
  await expect(form.getByLabel("Calle y número")).toHaveValue("Av. Chapultepec 480");
  await expect(form.getByLabel("Estado")).toHaveValue("Jalisco");
  await expect(form.getByLabel("Código postal")).toHaveValue("44160");
  await expect(form.getByLabel(/Número interior/)).toHaveValue("4B");

  // Another address can be chosen (without JavaScript the form reloads empty), and the saved one again.
  await saved.getByRole("link", { name: "+ Enviar a otra dirección" }).click();
  await expect(saved.locator('a[aria-current="true"]')).toContainText("Enviar a otra dirección");
  if (test.info().project.name === "no-js") await expect(form.getByLabel("Calle y número")).toHaveValue("");
  await expect(form.getByLabel("Calle y número")).toBeVisible();
  await saved.getByRole("link", { name: /Av\. Chapultepec 480/ }).click();
  await expect(form.getByLabel("Calle y número")).toHaveValue("Av. Chapultepec 480");
  // A saved address picked from the list collapses the form (issue 37); its fields open to be edited.
  await expect(form.getByLabel("Calle y número")).toBeHidden();
  await form.getByText("Editar los datos de envío").click();

  await form.getByLabel("Calle y número").fill("Av. Chapultepec 482");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  await expect(page.getByTestId("ship-to")).toContainText("Av. Chapultepec 482, int. 4B, Americana");
});

test("a phone with spaces is taken; C.P. 06700 with Jalisco is refused next to the field, in one round", async ({
  page,
  baseURL,
  login,
}) => {
  await login();
  await addToCart(page, baseURL, await availableProductId(page));
  const form = await goToCheckout(page);
  for (const [label, value] of Object.entries(ADDRESS)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Teléfono").fill("55 1234 5678");
  await form.getByLabel("Código postal").fill("06700");
  await form.getByLabel("Estado").selectOption("Jalisco");
  await form.getByLabel("Municipio").fill("");
  await page.getByRole("button", { name: "Continuar al pago" }).click();

  // Every message at once: the postal code against the state, and the empty municipality.
  await expect(form.getByText("Este código postal es de Ciudad de México, no de Jalisco")).toBeVisible();
  await expect(form.getByText("El municipio es requerido")).toBeVisible();
  await expect(form.getByLabel("Código postal")).toHaveValue("06700");
  await expect(form.getByLabel("Teléfono")).toHaveValue("55 1234 5678");
  await expect(form.getByText("El teléfono debe tener 10 dígitos")).toHaveCount(0);

  await form.getByLabel("Código postal").fill("44160");
  await form.getByLabel("Municipio").fill("Guadalajara");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  const summary = page.getByTestId("payment-step");
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId("ship-to")).toContainText("Guadalajara, Jalisco");
});

test("the gift message and packaging reach the order, the staff's order page and its packing slip", async ({
  page,
  baseURL,
  login,
  app,
}) => {
  const shopper = await login();
  await addToCart(page, baseURL, await availableProductId(page));
  const form = await goToCheckout(page);
  for (const [label, value] of Object.entries(ADDRESS)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Teléfono").fill("+52 33 1234 5678");
  await form.getByLabel("Código postal").fill("44160");
  await form.getByLabel("Estado").selectOption("Jalisco");
  const gift = page.getByTestId("gift-options");
  await gift.getByRole("checkbox").check();
  const message = `¡Feliz aniversario, ${test.info().project.name}! Con amor, M.`;
  await gift.getByLabel("Mensaje para la tarjeta (opcional)").fill(message);
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  await expect(page.getByTestId("payment-step")).toBeVisible();
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);

  const order = await app.prisma.order.findFirstOrThrow({
    where: { userId: shopper.id },
    orderBy: { id: "desc" },
    select: { number: true, giftMessage: true, address: { select: { phone: true } } },
  });
  expect(order.giftMessage).toBe(message);
  expect(order.address?.phone).toBe("3312345678");

  await login({ role: "worker" });
  await page.goto("/admin/pedidos");
  const card = page.getByTestId("admin-order").filter({ hasText: order.number });
  await expect(card).toContainText(message);

  // The packer opens the order, then its packing slip, and prints it.
  await card.getByRole("link", { name: order.number }).first().click();
  await expect(page.getByRole("heading", { name: `Pedido ${order.number}` })).toBeVisible();
  await page.getByRole("link", { name: "Imprimir hoja de empaque" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pedidos/${order.number}/empaque$`));
  const slip = page.getByTestId("packing-slip");
  await expect(slip.getByRole("heading", { name: "Hoja de empaque" })).toBeVisible();
  await expect(slip.getByTestId("slip-gift-message")).toContainText("Mensaje de regalo");
  await expect(slip.getByTestId("slip-gift-message")).toContainText(message);
  await expect(slip.getByTestId("slip-gift-wrap")).toContainText("Envoltura de regalo: Sí");
  await expect(slip.getByTestId("order-address")).toContainText("C.P. 44160");
  await expect(slip).not.toContainText("$");
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect(page.getByTestId("print-hint")).toBeVisible();
  } else {
    await waitForHydration(page);
    // The print dialog itself is the browser's: a stub records the call.
    await page.evaluate(() => {
      window.print = () => {
        document.documentElement.dataset.printed = "true";
      };
    });
    await page.getByRole("button", { name: "Imprimir" }).click();
    await expect(page.locator("html[data-printed]")).toBeAttached();
  }
  // On paper: the slip alone, without the shop's header and footer or the controls.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("link", { name: `← Pedido ${order.number}` })).toBeHidden();
  await expect(slip.getByTestId("slip-gift-message")).toBeVisible();
});
