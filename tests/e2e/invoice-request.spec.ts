import { addToCart, expect, test, waitForHydration } from "./fixtures";

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

/**
 * ¿Requieres factura? at checkout (docs/decisions/050): a wrong RFC is answered next to its field in step
 * 2 with the values kept; the right data goes with PAGAR and the invoice is stamped once the card is paid.
 */
test("a shopper asks for the invoice at checkout and gets it once paid", async ({ page, app, login, baseURL }) => {
  const user = await login();
  const product = await app.prisma.product.create({
    data: {
      name: `Dije ${Date.now().toString(36)}`,
      price: 1_200_00,
      stock: 3,
      image: "/images/products/placeholder.svg",
      categoryId: 4,
    },
  });
  await addToCart(page, baseURL, product.id);

  await page.goto("/checkout");
  await waitForHydration(page);
  const shipping = page.getByTestId("shipping-form");
  const fields = {
    Nombre: "María",
    Apellidos: "López Hernández",
    Teléfono: "5512345678",
    "Colonia/Fraccionamiento": "Polanco",
    "Calle y número": "Av. Presidente Masaryk 123",
    Municipio: "Miguel Hidalgo",
    "Código postal": "11560",
  };
  for (const [label, value] of Object.entries(fields)) await shipping.getByLabel(label).first().fill(value);
  await shipping.getByLabel("Estado").selectOption("Ciudad de México");
  await page.getByRole("button", { name: "Continuar al pago" }).click();

  const invoice = page.getByTestId("checkout-invoice");
  await expect(invoice.getByLabel("RFC")).toBeHidden(); // collapsed by default
  await invoice.getByText("¿Requieres factura?").click();
  await invoice.getByLabel("Sí, con estos datos fiscales").check();
  await invoice.getByLabel("RFC").fill("EKU9003173C8");
  await invoice.getByLabel("Nombre o razón social").fill("Escuela Kemper Urgate");
  await invoice.getByLabel("Régimen fiscal").selectOption("601");
  await invoice.getByLabel("Código postal del domicilio fiscal").fill("42501");
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(invoice.getByText("El último carácter del RFC (dígito verificador) no corresponde")).toBeVisible();
  await expect(invoice.getByLabel("Código postal del domicilio fiscal")).toHaveValue("42501");
  expect(await app.prisma.order.count({ where: { userId: user.id } })).toBe(0);

  await invoice.getByLabel("RFC").fill("EKU9003173C9");
  await page.getByRole("button", { name: "PAGAR" }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL(/\/success/);
  const order = await app.prisma.order.findFirstOrThrow({ where: { userId: user.id }, select: { id: true } });
  await expect
    .poll(async () => (await app.prisma.invoice.findFirst({ where: { orderId: order.id } }))?.status)
    .toBe("emitida");
});

/**
 * The order's invoice history (docs/decisions/035 "Invoice history"): after staff cancelled an invoice with
 * motive 02 the shopper asks for it again from Mis Pedidos within the deadline; both are listed, the
 * cancelled one still downloadable.
 */
test("a shopper asks again for an invoice cancelled with 02 and sees both", async ({ page, app, login, paidOrder }) => {
  const user = await login();
  const product = await app.prisma.product.create({
    data: {
      name: `Broquel ${Date.now().toString(36)}`,
      price: 1_800_00,
      stock: 3,
      image: "/images/products/placeholder.svg",
      categoryId: 4,
    },
  });
  const { id } = await paidOrder(user.id, [product.id]);
  const order = await app.prisma.order.findUniqueOrThrow({ where: { id } });
  const oldUuid = crypto.randomUUID().toUpperCase();
  // As staff's cancellation with 02 leaves it (the PAC's part is the integration tests').
  const cancelled = await app.prisma.invoice.create({
    data: {
      orderId: id,
      status: "cancelada",
      series: "E2E",
      uuid: oldUuid,
      rfc: "EKU9003173C9",
      name: "ESCUELA KEMPER",
      regimen: "601",
      zip: "42501",
      uso: "G03",
      email: "compras@kemper.example",
      formaPago: "04",
      metodoPago: "PUE",
      subtotal: order.subtotal,
      discount: 0,
      tax: order.tax,
      total: order.total,
      xml: `<cfdi:Comprobante UUID="${oldUuid}"/>`,
      cancelMotive: "02",
      cancelledAt: new Date(),
    },
  });

  await page.goto("/orders");
  const card = page.locator(`li:has([data-order-number="${order.number}"])`);
  await expect(card.getByTestId("order-invoice-file")).toContainText(`Factura cancelada E2E-${cancelled.folio}`);
  await card.getByRole("link", { name: "Solicitar factura de nuevo" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.number}/factura$`));
  await expect(page.getByTestId("invoice-again")).toBeVisible();
  await expect(page.getByTestId("previous-invoices")).toContainText(oldUuid);
  await waitForHydration(page);

  const form = page.getByTestId("fiscal-form");
  await form.getByLabel("RFC").fill("EKU9003173C9");
  await form.getByLabel("Nombre o razón social").fill("ESCUELA KEMPER URGATE");
  await form.getByLabel("Régimen fiscal").selectOption("601");
  await form.getByLabel("Uso del CFDI").selectOption("G03");
  await form.getByLabel("Código postal del domicilio fiscal").fill("42501");
  await form.getByRole("button", { name: "Solicitar factura" }).click();
  await expect(page.getByTestId("invoice-issued")).toContainText("Factura emitida");
  await expect(page.getByTestId("invoice-uuid")).not.toHaveText(oldUuid);
  await expect(page.getByTestId("previous-invoices")).toContainText("datos equivocados");

  const old = await page.request.get(`/orders/${order.number}/factura/${cancelled.folio}.xml`);
  expect(old.status()).toBe(200);
  expect(await old.text()).toContain(oldUuid);
  await page.goto("/orders");
  await expect(card.getByTestId("order-invoice-file")).toHaveCount(2);
  await expect(card.getByTestId("order-invoice-file").first()).toContainText("Factura emitida");
});
