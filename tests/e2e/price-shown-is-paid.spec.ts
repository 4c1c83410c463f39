import { addToCart, expect, test, waitForHydration } from "./fixtures";

/**
 * The price shown is the price paid (issue 33, docs/decisions/033): a ring of $14,500 before IVA reads
 * $16,820.00 with IVA on its card, its page, the cart, the drawer, the checkout, the provider's page,
 * Mis Pedidos and the confirmation e-mail, and every meses sin intereses figure divides what the card
 * will be charged: 12 × $1,401.67 for the piece, 12 × $1,402.92 for the order with its $15 shipping.
 * With and without JavaScript.
 */

const SHIPPING = {
  Nombre: "María",
  Apellidos: "López Hernández",
  Teléfono: "5512345678",
  "Colonia/Fraccionamiento": "Polanco",
  "Calle y número": "Av. Presidente Masaryk 123",
  Municipio: "Miguel Hidalgo",
  "Código postal": "11560",
};

test("one ring, one price with IVA from the card to the e-mail", async ({
  page,
  app,
  login,
  latestEmailTo,
  baseURL,
}) => {
  const js = test.info().project.name === "js";
  const user = await login();
  const word = `Vega${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo ${word}`,
      price: 14_500_00,
      stock: 5,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
    },
  });

  // The card in the search results.
  await page.goto(`/search?q=${word}`);
  const card = page.getByTestId("product-card").filter({ hasText: ring.name });
  await expect(card).toContainText("$16,820.00");
  await expect(card).toContainText("Hasta 12 meses sin intereses de $1,401.67");
  await expect(card).not.toContainText("$14,500.00");

  // The product page.
  await page.goto(`/producto/${ring.id}`);
  const price = page.getByTestId("product-price");
  await expect(price).toContainText("$16,820.00");
  await expect(page.getByTestId("iva-note")).toHaveText("IVA incluido");
  await expect(price.getByText(/meses sin intereses/)).toHaveText("Hasta 12 meses sin intereses de $1,401.67");

  await addToCart(page, baseURL, ring.id);

  // The cart page, and with JavaScript its drawer: the piece with IVA; MSI on pieces + shipping.
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: ring.name });
  await expect(line).toContainText("$16,820.00");
  await expect(page.getByTestId("cart-total")).toHaveText("$16,820.00");
  await expect(page.getByText("Hasta 12 meses sin intereses de $1,402.92")).toBeVisible();
  if (js) {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Carrito, 1 artículo", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(drawer.getByTestId("cart-line")).toContainText("$16,820.00");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$16,820.00");
    await expect(drawer.getByText("Hasta 12 meses sin intereses de $1,402.92")).toBeVisible();
  }

  // The checkout: Subtotal (IVA incluido) + Envío = Total, and the IVA part of it.
  await page.goto("/checkout");
  if (js) await waitForHydration(page);
  const form = page.getByTestId("shipping-form");
  for (const [label, value] of Object.entries(SHIPPING)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Estado").selectOption("Ciudad de México");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  const totals = page.getByTestId("payment-step").getByTestId("checkout-totals");
  await expect(totals).toContainText("Subtotal (IVA incluido)$16,820.00");
  await expect(totals).toContainText("Envío$15.00");
  await expect(totals.getByTestId("checkout-total")).toHaveText("$16,835.00");
  await expect(totals.getByTestId("checkout-iva-part")).toHaveText("Incluye IVA (16%)$2,322.07");
  await expect(totals.getByText(/meses sin intereses/)).toHaveText("Hasta 12 meses sin intereses de $1,402.92");

  // The provider's page charges that total, and its 12 months are the same figure.
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await expect(page.getByText("$16,835.00 MXN")).toBeVisible();
  await page.getByLabel("Número de tarjeta").fill("4000 0048 4000 0008");
  await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pagar" }).click();
  await page.getByLabel("12 meses sin intereses de $1,402.92").check();
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);

  // Mis Pedidos and the confirmation e-mail.
  await page.goto("/orders");
  const order = page.getByTestId("order-card").first();
  await expect(order.getByTestId("order-total")).toContainText("$16,835.00");
  await expect(order.getByTestId("order-items")).toContainText("1 × $16,820.00");
  await expect(order.getByTestId("order-totals")).toContainText("Subtotal (IVA incluido)$16,820.00");
  await expect(order.getByTestId("order-totals")).toContainText("Incluye IVA (16%)$2,322.07");
  await expect.poll(async () => (await latestEmailTo(user.email))?.subject ?? "").toContain("confirmado");
  const email = await latestEmailTo(user.email);
  expect(email?.text).toContain(`${ring.name} × 1: $16,820.00`);
  expect(email?.text).toContain("Total: $16,835.00");
  expect(email?.text).toContain("Incluye IVA (16%): $2,322.07");
});
