import type { Page } from "@playwright/test";
import { addToCart, expect, test, waitForHydration } from "./fixtures";

/**
 * Refunds as staff do them, with and without JavaScript (issue 33): a shopper pays two pieces by card
 * at the payment simulator; an admin refunds one of them through the confirmation screen, which says
 * the amount and the method; the refund is pending until the provider confirms it, and the shopper's
 * e-mail says what was refunded and when it arrives. A worker can only ask for a refund.
 */

const SHIPPING = {
  Nombre: "María",
  Apellidos: "López Hernández",
  Teléfono: "5512345678",
  "Colonia/Fraccionamiento": "Polanco",
  "Calle y número": "Av. Presidente Masaryk 123",
  Municipio: "Miguel Hidalgo",
  "Código postal": "11560",
} as const;

/** A shopper who paid two pieces of one product by card; returns the order's number and the product. */
async function paidOrder(page: Page, baseURL: string | undefined, login: () => Promise<{ email: string }>) {
  const shopper = await login();
  await page.goto("/");
  const link = page
    .locator('[data-testid="product-card"]:has([data-stock="available"]):not(:has([data-needs-size])) h3 a')
    .first();
  const href = (await link.getAttribute("href")) ?? "";
  const product = { id: Number(href.split("/").pop()), name: (await link.textContent())?.trim() ?? "" };
  await addToCart(page, baseURL, product.id, 2);
  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByTestId("shipping-form");
  for (const [label, value] of Object.entries(SHIPPING)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Estado").selectOption("Ciudad de México");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page.getByRole("heading", { name: "Pedido Confirmado" })).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  await page.context().clearCookies();
  return { number, product, shopper };
}

/** On the refund page: one piece, a reason, to the confirmation step. */
async function chooseOnePiece(page: Page, productName: string) {
  const choose = page.getByTestId("refund-choose");
  await choose.getByLabel(productName, { exact: true }).fill("1");
  await choose.getByLabel("Motivo").fill("La talla no le quedó");
  await choose.getByRole("button", { name: "Revisar el reembolso" }).click();
  return page.getByTestId("refund-confirm");
}

test.describe("refunds", () => {
  test.beforeEach(() => test.slow());

  test("an admin refunds one of two pieces through the confirmation screen; pending until the provider confirms", async ({
    page,
    baseURL,
    login,
    latestEmailTo,
    app,
  }) => {
    const { number, product, shopper } = await paidOrder(page, baseURL, () => login());
    const order = await app.prisma.order.findUniqueOrThrow({ where: { number }, include: { items: true } });
    await login({ role: "admin" });
    await page.goto(`/admin/pedidos/${number}`);
    await waitForHydration(page);
    // No button sets "Reembolsado" any more.
    await expect(page.getByTestId("order-actions").locator('option[value="reembolsado"]')).toHaveCount(0);
    await page.getByTestId("order-actions").getByRole("link", { name: "Reembolsar" }).click();
    await expect(page.getByRole("heading", { name: `Reembolso del pedido ${number}` })).toBeVisible();
    await waitForHydration(page);

    const confirm = await chooseOnePiece(page, product.name);
    // The first of two units: half of what the pieces cost, the odd centavo to the first (refund-amounts.ts).
    const piece = Math.ceil((order.total - order.shipping) / 2) / 100;
    const amount = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" }).format(piece);
    await expect(confirm.getByTestId("refund-summary")).toHaveText(
      `Vas a reembolsar ${amount} a la tarjeta con la que pagó, por el procesador de pagos.`,
    );
    await confirm.getByRole("button", { name: `Confirmar reembolso de ${amount}` }).click();
    await expect(page.getByTestId("flash-message")).toContainText(`Reembolso de ${amount}`);

    // The provider's event settles it in the background (its retries reach 64 s): wait for that event's
    // write, then the page says so. (Reloading in a loop with the page's 20 s wait inside each try waited
    // on a page loaded a moment before the event, and never reloaded again.)
    await expect
      .poll(
        async () =>
          (await app.prisma.refund.findFirst({ where: { orderId: order.id }, orderBy: { id: "desc" } }))?.status,
        { timeout: 90_000 },
      )
      .toBe("reembolsado");
    await page.reload();
    await expect(page.getByTestId("refund").first()).toHaveAttribute("data-status", "reembolsado");
    await expect(page.getByTestId("refund-left")).toContainText("Queda por reembolsar");
    const email = await latestEmailTo(shopper.email);
    expect(email?.text).toContain(`Reembolsamos ${amount}`);
    expect(email?.text).toContain("5 a 10 días hábiles");
    expect((await app.prisma.order.findUniqueOrThrow({ where: { number } })).status).toBe("procesando");
  });

  test("a worker can only ask for a refund: no confirmation, and a forged one is refused", async ({
    page,
    baseURL,
    login,
    app,
  }) => {
    const { number, product } = await paidOrder(page, baseURL, () => login());
    await login({ role: "worker" });
    await page.goto(`/admin/pedidos/${number}/reembolso`);
    await waitForHydration(page);
    const confirm = await chooseOnePiece(page, product.name);
    await expect(confirm.getByTestId("refund-summary")).toContainText("Vas a solicitar un reembolso de");
    await expect(confirm.getByRole("button", { name: /Confirmar reembolso/ })).toHaveCount(0);
    const item = await app.prisma.orderItem.findFirstOrThrow({ where: { order: { number } } });
    const forged = await page.request.post(`/admin/pedidos/${number}/reembolso`, {
      form: { intent: "confirmar", [`pieza-${item.id}`]: "1", motivo: "x" },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await confirm.getByRole("button", { name: "Enviar solicitud a un administrador" }).click();
    await expect(page.getByTestId("flash-message")).toContainText("Solicitud de reembolso");
    await expect(page.getByTestId("refund").first()).toHaveAttribute("data-status", "solicitado");
    expect(await app.prisma.refund.count({ where: { order: { number }, status: { not: "solicitado" } } })).toBe(0);
  });
});
