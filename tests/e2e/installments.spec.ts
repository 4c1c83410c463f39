import type { Page } from "@playwright/test";
import type { prisma } from "~/utils/db.server";
import { addToCart, expect, test, waitForHydration } from "./fixtures";

/**
 * Meses sin intereses, as a shopper meets them: the line under a price (only from the smallest
 * plan's minimum, $300 by default), then paying with Stripe's Mexican MSI test card on the
 * simulator's page, choosing 6 months, and finding the plan in Mis Pedidos. With and without JavaScript.
 */

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newProduct(app: { prisma: typeof prisma }, name: string, price: number) {
  return app.prisma.product.create({
    data: { name: unique(name), price, stock: 5, image: "/images/products/placeholder.svg", categoryId: 1 },
  });
}

async function openProduct(page: Page, id: number) {
  await page.goto(`/producto/${id}`);
  if (test.info().project.name === "js") await waitForHydration(page);
}

test("the product page shows the MSI line from the smallest minimum only", async ({ page, app }) => {
  const piece = await newProduct(app, "Anillo Constelación", 14_500_00);
  await openProduct(page, piece.id);
  const price = page.getByTestId("product-price");
  // $14,500 before IVA is $16,820.00 with IVA: 12 × $1,401.67, what the card will be charged for the piece.
  await expect(price).toContainText("$16,820.00");
  await expect(price.getByText(/meses sin intereses/)).toHaveText("Hasta 12 meses sin intereses de $1,401.67");

  const cheap = await newProduct(app, "Dije Estrella", 250_00);
  await openProduct(page, cheap.id);
  await expect(page.getByTestId("product-price")).toContainText("$290.00"); // with IVA, under $300
  // The related pieces below may show their own lines; the price of this one has none.
  await expect(page.getByTestId("product-price").getByText(/meses sin intereses/)).toHaveCount(0);
});

test("paying with the MSI card in 6 months shows the plan in Mis Pedidos", async ({ page, app, login, baseURL }) => {
  await login();
  const piece = await newProduct(app, "Anillo Meses", 1_000_00);
  await addToCart(page, baseURL, piece.id);

  await page.goto("/checkout");
  if (test.info().project.name === "js") await waitForHydration(page);
  const form = page.getByTestId("shipping-form");
  const shipping = {
    Nombre: "María",
    Apellidos: "López Hernández",
    Teléfono: "5512345678",
    "Colonia/Fraccionamiento": "Polanco",
    "Calle y número": "Av. Presidente Masaryk 123",
    Municipio: "Miguel Hidalgo",
    "Código postal": "11560",
  };
  for (const [label, value] of Object.entries(shipping)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Estado").selectOption("Ciudad de México");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  // $1,000 + envío $15 + IVA $160 = $1,175: the summary offers 9 months ($900 ≤ total < $1,200).
  await expect(page.getByTestId("payment-step").getByText(/meses sin intereses/)).toHaveText(
    "Hasta 9 meses sin intereses de $130.56",
  );
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);

  await page.getByLabel("Número de tarjeta").fill("4000 0048 4000 0008");
  await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page.getByRole("group", { name: "Tu tarjeta permite pagar a meses sin intereses" })).toBeVisible();
  await page.getByLabel("6 meses sin intereses de $195.84").check();
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);

  await page.goto("/orders");
  await expect(page.getByTestId("order-installments").first()).toHaveText("Pagado a 6 meses sin intereses");
});
