import type { Page, TestInfo } from "@playwright/test";
import { addToCart, expect, test, waitForHydration } from "./fixtures";

/**
 * Paying with an OXXO voucher through the simulator (issue 23, docs/decisions/021), with and without
 * JavaScript: the checkout lists the methods, the success page says what to do next instead of
 * "Pedido Confirmado", Mis Pedidos shows "Pendiente de pago" with the same instructions, and marking
 * the voucher paid moves the order to Procesando.
 */

const SHIPPING = {
  Nombre: "Lucía",
  Apellidos: "Ramírez Soto",
  Teléfono: "3312345678",
  "Colonia/Fraccionamiento": "Americana",
  "Calle y número": "Av. Chapultepec 480",
  Municipio: "Guadalajara",
  "Código postal": "44160",
} as const;

async function shots(page: Page, testInfo: TestInfo, name: string) {
  // Looked at by hand when the screens change (kept with the test's results).
  if (testInfo.project.name !== "js") return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an OXXO voucher: instructions on the success page and in Mis Pedidos, then paid → Procesando", async ({
  page,
  baseURL,
  login,
  app,
}, testInfo) => {
  await login();
  // A plain piece well in stock whose order stays within one voucher's $10,000 limit.
  const product = await app.prisma.product.findFirstOrThrow({
    where: { archivedAt: null, inStock: true, stock: { gt: 20 }, price: { lt: 5_000_00 }, variants: { none: {} } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  await addToCart(page, baseURL, product.id);

  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByTestId("shipping-form");
  for (const [label, value] of Object.entries(SHIPPING)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Estado").selectOption("Jalisco");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  const methods = page.getByTestId("payment-methods");
  await expect(methods).toContainText("Tarjeta de crédito o débito");
  await expect(methods).toContainText("Efectivo en tiendas OXXO");
  await expect(methods).toContainText("Transferencia bancaria (SPEI)");
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);

  await page.getByRole("button", { name: "Generar ficha OXXO (efectivo)" }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  const success = page.getByTestId("success-awaiting");
  await expect(success.getByRole("heading", { level: 1 })).toHaveText("Pendiente de pago");
  await expect(page.getByText("Pedido Confirmado")).toHaveCount(0);
  await expect(success).toContainText("Referencia OXXO");
  await expect(success).toContainText("Fecha límite");
  await expect(success).toContainText("Monto a pagar");
  const voucherUrl = await success.getByTestId("voucher-link").getAttribute("href");
  expect(voucherUrl).toMatch(/\/voucher\/pi_/);
  await shots(page, testInfo, "success-oxxo");

  await page.goto("/orders");
  const card = page.getByTestId("order-card").first();
  await expect(card.getByTestId("order-status")).toHaveText(/Pendiente de pago/);
  await expect(card.getByTestId("awaiting-payment")).toContainText("Referencia OXXO");
  await shots(page, testInfo, "orders-oxxo");

  // The store takes the cash: the simulator's button stands for it.
  await page.goto(voucherUrl!);
  await expect(page.getByRole("heading", { name: "Ficha de pago OXXO" })).toBeVisible();
  await page.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(page.getByRole("status")).toContainText("Pagado");

  // The webhook reaches the shop in the background: Mis Pedidos shows it once it has.
  await expect(async () => {
    await page.goto("/orders");
    await expect(page.getByTestId("order-card").first().getByTestId("order-status")).toHaveText(/Procesando/, {
      timeout: 1_000,
    });
  }).toPass();
  await expect(page.getByTestId("order-card").first().getByTestId("awaiting-payment")).toHaveCount(0);
});
