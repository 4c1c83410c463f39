import { expect, test, waitForHydration } from "./fixtures";

/**
 * Solicitar factura from Mis Pedidos (issue 34), with and without JavaScript, against the local PAC
 * simulator that `npm start` runs: a wrong RFC is answered next to its field with the other values kept,
 * the right one issues the CFDI, and its PDF and XML download.
 */
test("a shopper asks for the invoice of a paid order and downloads it", async ({ page, app, login, paidOrder }) => {
  const user = await login();
  const product = await app.prisma.product.create({
    data: {
      name: `Arracadas ${Date.now().toString(36)}`,
      price: 2_450_00,
      stock: 3,
      image: "/images/products/placeholder.svg",
      categoryId: 4,
    },
  });
  const { id } = await paidOrder(user.id, [product.id]);
  const order = await app.prisma.order.findUniqueOrThrow({ where: { id }, select: { number: true } });

  await page.goto("/orders");
  const card = page.locator(`li:has([data-order-number="${order.number}"])`);
  await card.getByRole("link", { name: "Solicitar factura" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.number}/factura$`));
  await expect(page.getByTestId("invoice-deadline")).toContainText("hasta el");
  await waitForHydration(page);

  const form = page.getByTestId("fiscal-form");
  await form.getByLabel("RFC").fill("EKU9003173C8");
  await form.getByLabel("Nombre o razón social").fill("Escuela Kemper Urgate");
  await form.getByLabel("Régimen fiscal").selectOption("601");
  await form.getByLabel("Uso del CFDI").selectOption("G03");
  await form.getByLabel("Código postal del domicilio fiscal").fill("42501");
  await form.getByRole("button", { name: "Solicitar factura" }).click();
  await expect(form.getByText("El último carácter del RFC (dígito verificador) no corresponde")).toBeVisible();
  await expect(form.getByLabel("Nombre o razón social")).toHaveValue(/ESCUELA KEMPER URGATE|Escuela Kemper Urgate/);
  await expect(form.getByLabel("Código postal del domicilio fiscal")).toHaveValue("42501");

  await form.getByLabel("RFC").fill("EKU9003173C9");
  await form.getByRole("button", { name: "Solicitar factura" }).click();
  const issued = page.getByTestId("invoice-issued");
  await expect(issued).toContainText("Factura emitida");
  await expect(page.getByTestId("invoice-uuid")).toHaveText(/^[0-9A-F-]{36}$/);

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    issued.getByRole("link", { name: "Descargar PDF" }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const xml = await page.request.get(`/orders/${order.number}/factura.xml`);
  expect(xml.status()).toBe(200);
  expect(await xml.text()).toContain("tfd:TimbreFiscalDigital");
});
