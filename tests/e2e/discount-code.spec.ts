import type { Page } from "@playwright/test";
import { addToCart, type AppModules, expect, test, waitForHydration } from "./fixtures";

/**
 * A discount code at checkout (issue 37, docs/decisions/058): typed on the checkout's first step, shown
 * as "Cupón CODIGO −$X" in the totals, charged by the provider as the discounted total, and kept on the
 * order in Mis Pedidos; staff editing a code, which a cart that has it applied reads at once. With and
 * without JavaScript.
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

/**
 * A new piece of `price` (before IVA) in the signed-in shopper's cart and a new code of `rule` typed in
 * the cart's field; returns the code's text (unique to the test).
 */
async function applyNewCodeInCart(
  { page, app, baseURL }: { page: Page; app: AppModules; baseURL: string | undefined },
  prefix: string,
  price: number,
  rule: { kind: "percentage" | "fixed"; value: number },
) {
  const word = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const ring = await app.prisma.product.create({
    data: { name: `Anillo ${word}`, price, stock: 5, image: "/images/products/placeholder.svg" },
  });
  await app.prisma.discountCode.create({ data: { code: word, ...rule } });
  await addToCart(page, baseURL, ring.id);
  await page.goto("/cart");
  if (test.info().project.name === "js") await waitForHydration(page);
  await page.getByLabel("Cupón de descuento").fill(word);
  await page.getByRole("button", { name: "Aplicar" }).click();
  return word;
}

test("a code applied at checkout is what the provider charges", async ({ page, app, login, baseURL }) => {
  const js = test.info().project.name === "js";
  await login();
  const word = `Cupon${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo ${word}`,
      price: 1_000_00,
      stock: 5,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
    },
  });
  await app.prisma.discountCode.create({ data: { code: word, kind: "percentage", value: 10 } });
  await addToCart(page, baseURL, ring.id);

  await page.goto("/checkout");
  if (js) await waitForHydration(page);
  await page.getByLabel("Cupón de descuento").fill(word.toLowerCase());
  await page.getByRole("button", { name: "Aplicar" }).click();
  // $1,160.00 with IVA, 10 % off ($116.00), $15.00 shipping.
  await expect(page.getByTestId("coupon-applied")).toContainText(`Cupón ${word} −$116.00`);
  await expect(page.getByTestId("checkout-totals")).toContainText(`Cupón ${word}−$116.00`);
  await expect(page.getByTestId("checkout-total")).toHaveText("$1,059.00");

  const form = page.getByTestId("shipping-form");
  for (const [label, value] of Object.entries(SHIPPING)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Estado").selectOption("Ciudad de México");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  const totals = page.getByTestId("payment-step").getByTestId("checkout-totals");
  await expect(totals).toContainText("Subtotal (IVA incluido)$1,160.00");
  await expect(totals).toContainText(`Cupón ${word}−$116.00`);
  await expect(totals.getByTestId("checkout-total")).toHaveText("$1,059.00");

  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await expect(page.getByText("$1,059.00 MXN")).toBeVisible();
  await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);

  await page.goto("/orders");
  const order = page.getByTestId("order-card").first();
  await expect(order.getByTestId("order-total")).toContainText("$1,059.00");
  await expect(order.getByTestId("order-totals")).toContainText(`Cupón ${word}−$116.00`);
});

test("a code applied in the cart stays there, with what it takes off, and reaches the checkout", async ({
  page,
  app,
  login,
  baseURL,
}) => {
  const js = test.info().project.name === "js";
  await login();
  const word = await applyNewCodeInCart({ page, app, baseURL }, "Carro", 2_000_00, { kind: "fixed", value: 300_00 });
  await expect(page.getByTestId("coupon-applied")).toContainText(`Cupón ${word} −$300.00`);
  await expect(page.getByTestId("coupon-message")).toHaveText(`Cupón ${word} aplicado`);
  // Kept on the server: the page read again says so, with the amount, and Quitar.
  await page.reload();
  await expect(page.getByTestId("coupon-applied")).toContainText(`Cupón ${word} −$300.00`);
  await expect(page.getByTestId("cart-total")).toHaveText("$2,320.00");
  // Its meses sin intereses divide what the card will be charged: $2,320 − $300 + $15 shipping.
  const summary = page.getByRole("region", { name: "Resumen del carrito" });
  const months = (await summary.getByText(/meses sin intereses/).textContent()) ?? "";
  const [, count, monthly] = /Hasta (\d+) meses sin intereses de \$([\d,.]+)/.exec(months) ?? [];
  expect(Math.abs(Number(count) * Number(monthly?.replace(/,/g, "")) - 2_035)).toBeLessThan(Number(count) * 0.01);

  if (js) {
    // The drawer says the code too, and its meses sin intereses are the same figure.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Carrito, 1 artículo", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(drawer.getByTestId("coupon-applied")).toHaveText(`Cupón ${word} −$300.00`);
    await expect(drawer.getByText(/meses sin intereses/)).toHaveText(months);
  }

  await page.goto("/checkout");
  await expect(page.getByTestId("coupon-applied")).toContainText(`Cupón ${word} −$300.00`);
  await expect(page.getByTestId("checkout-total")).toHaveText("$2,035.00");
  await expect(page.getByTestId("checkout-totals").getByText(/meses sin intereses/)).toHaveText(months);

  await page.goto("/cart");
  if (js) await waitForHydration(page);
  await page.getByTestId("coupon-applied").getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByLabel("Cupón de descuento")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
});

test("an admin edits a code's minimum; a cart with the code applied gives the new reason", async ({
  page,
  app,
  login,
  baseURL,
}) => {
  const js = test.info().project.name === "js";
  // The admin shops too: the cart is theirs, the edit page too.
  await login({ role: "admin" });
  const word = await applyNewCodeInCart({ page, app, baseURL }, "Edita", 1_000_00, { kind: "percentage", value: 10 });
  // $1,160.00 with IVA, 10 % off.
  await expect(page.getByTestId("coupon-applied")).toContainText(`Cupón ${word} −$116.00`);

  await page.goto("/admin/promociones/cupones");
  if (js) await waitForHydration(page);
  await page.getByRole("link", { name: `Editar ${word}` }).click();
  await expect(page.getByRole("heading", { name: `Editar cupón ${word}` })).toBeVisible();
  await expect(page.getByLabel("Valor")).toHaveValue("10");
  await page.getByLabel("Compra mínima (pesos con IVA)").fill("5000");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(/\/admin\/promociones\/cupones$/);
  await expect(page.getByText(`Cupón ${word} guardado`)).toBeVisible();
  await expect(page.getByTestId("discount-codes").getByRole("row").filter({ hasText: word })).toContainText(
    "Mínimo $5,000.00",
  );

  // The cart evaluates the applied code again: $5,000.00 − $1,160.00 still missing.
  await page.goto("/cart");
  await expect(page.getByTestId("coupon-applied")).toContainText(`Cupón ${word}`);
  await expect(page.getByTestId("coupon-message")).toHaveText("Te faltan $3,840.00 para usar este cupón");
  await expect(page.getByTestId("cart-total")).toHaveText("$1,160.00");
});
