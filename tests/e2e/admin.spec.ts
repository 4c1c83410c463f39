import type { PrismaClient } from "~/generated/prisma/client";
import { DELETE_QUESTION } from "~/lib/admin";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The admin panel, tab by tab, in both projects (with and without JavaScript): a worker's and an
 * admin's daily work. Data is created straight in the database with names unique to the test.
 */

type Prisma = PrismaClient;

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function newProduct(prisma: Prisma, name: string, stock = 5) {
  return prisma.product.create({
    data: {
      name,
      price: 1_500_00,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
      stock,
      variants: { create: [{ name: "Talla 7", size: "7", price: 1_500_00, stock: 2 }] },
    },
    include: { variants: true },
  });
}

/** A paid order (procesando, or shipped with `status: "enviado"`), written as checkout and payment leave it. */
async function newOrder(
  prisma: Prisma,
  userId: string,
  productId: number,
  variantId: number,
  status: "procesando" | "enviado" = "procesando",
) {
  const number = `LJ${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 1000)}`;
  return prisma.order.create({
    data: {
      number,
      userId,
      email: "cliente@example.test",
      status,
      paidAt: new Date(),
      subtotal: 3_000_00,
      shipping: 15_00,
      tax: 0,
      total: 3_015_00,
      items: {
        create: [
          { productId, variantId, quantity: 2, price: 1_500_00, productName: "Pieza vendida", variantName: "Talla 7" },
        ],
      },
      address: {
        create: {
          userId,
          name: "Ana López",
          phone: "5512345678",
          addressLine1: "Roma Norte",
          addressLine2: "Calle Durango 12",
          city: "Ciudad de México",
          state: "CDMX",
          postalCode: "06700",
        },
      },
    },
  });
}

test.describe("admin panel", () => {
  test("a worker edits stock on the Productos tab, without the admin's tabs", async ({ page, login, app }) => {
    const name = unique("Anillo Existencias");
    const product = await newProduct(app.prisma, name);
    await login({ role: "worker" });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Resumen" })).toBeVisible();
    await expect(page.getByTestId("sales-chart")).toBeVisible();
    await page.goto("/admin/productos");
    const tabs = page.getByRole("navigation", { name: "Secciones del panel" });
    await expect(tabs.getByRole("link", { name: "Productos" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Usuarios" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Agregar producto" })).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Buscar productos" }).fill(name);
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByTestId("admin-product").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await waitForHydration(page);

    // With variants, the product's stock is their sum: a worker edits it per variant.
    const variantLabel = `Existencias de ${name}, Talla 7`;
    await row.getByRole("spinbutton", { name: variantLabel, exact: true }).fill("4");
    await row
      .getByRole("form", { name: `Actualizar existencias de ${name}, Talla 7` })
      .getByRole("button")
      .click();
    await expect(page.getByText("Existencias actualizadas: 4").first()).toBeVisible();
    await expect
      .poll(async () => (await app.prisma.variant.findUnique({ where: { id: product.variants[0]!.id } }))?.stock)
      .toBe(4);
    await expect(row.getByRole("spinbutton", { name: variantLabel, exact: true })).toHaveValue("4");
  });

  test("an admin adds a product, sees its errors first, then deletes it after the question", async ({
    page,
    login,
    app,
  }) => {
    const name = unique("Collar Nuevo");
    await login({ role: "admin" });
    await page.goto("/admin/productos");
    await page.getByRole("link", { name: "Agregar producto" }).click();
    await expect(page.getByRole("heading", { name: "Agregar producto" })).toBeVisible();
    await waitForHydration(page);
    const form = page.getByTestId("product-form");
    await expect(form.getByLabel("Categoría")).toHaveValue("1");

    await form.getByLabel("Nombre").fill(name);
    await form.getByLabel("Precio (MXN)").fill("mil pesos");
    await form.getByLabel("O la dirección de una foto").fill("/images/products/placeholder.svg");
    await form.getByRole("button", { name: "Agregar producto" }).click();
    await expect(form.getByText("Escribe el precio en pesos, por ejemplo 1299.50")).toBeVisible();
    await expect(form.getByLabel("Nombre")).toHaveValue(name);

    await form.getByLabel("Precio (MXN)").fill("1,299.50");
    await form.getByRole("button", { name: "Agregar producto" }).click();
    await expect(page.getByRole("heading", { name: /Editar producto/ })).toBeVisible();
    await expect(page.getByTestId("flash-message")).toHaveText(/Producto agregado/);
    const created = await app.prisma.product.findFirstOrThrow({ where: { name } });
    expect(created).toMatchObject({ price: 129_950, categoryId: 1, stock: 0 });

    await page.goto(`/admin/productos?q=${encodeURIComponent(name)}`);
    await page.getByTestId("admin-product").filter({ hasText: name }).getByRole("link", { name: "Eliminar" }).click();
    const confirm = page.getByTestId("delete-confirm");
    await expect(confirm.getByText(DELETE_QUESTION)).toBeVisible();
    await confirm.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(/Producto eliminado/);
    await expect(page.getByTestId("admin-product").filter({ hasText: name })).toHaveCount(0);
    expect(await app.prisma.product.count({ where: { name } })).toBe(0);
  });

  test("a worker filters the Pedidos tab and opens an order's page", async ({ page, login, insertNewUser, app }) => {
    const shopper = await insertNewUser();
    const product = await newProduct(app.prisma, unique("Pulsera Pedido"));
    const order = await newOrder(app.prisma, shopper.id, product.id, product.variants[0]!.id);
    await login({ role: "worker" });
    await page.goto("/admin/pedidos");
    await page.getByRole("combobox", { name: "Estado", exact: true }).selectOption("procesando");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/estado=procesando/);
    const card = page.getByTestId("admin-order").filter({ hasText: order.number });
    await expect(card).toContainText("Ciudad de México, CDMX 06700");
    await expect(card).toContainText("2 × Pieza vendida (Talla 7)");

    await card.getByRole("link", { name: order.number }).first().click();
    await expect(page.getByRole("heading", { name: `Pedido ${order.number}` })).toBeVisible();
    await expect(page.getByTestId("ship-form")).toBeVisible();
  });

  test("a worker processes a return once on the Devoluciones tab", async ({ page, login, insertNewUser, app }) => {
    const shopper = await insertNewUser();
    const product = await newProduct(app.prisma, unique("Arete Devuelto"));
    const variantId = product.variants[0]!.id;
    const order = await newOrder(app.prisma, shopper.id, product.id, variantId, "enviado");
    const worker = await login({ role: "worker" });
    await page.goto(`/admin/pedidos/${order.number}`);
    await page.getByRole("link", { name: "Procesar devolución" }).click();
    await expect(page.getByLabel("Número de pedido")).toHaveValue(order.number);
    await expect(page.getByLabel("Motivo")).toHaveValue("Devolución procesada");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Procesar devolución" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(
      new RegExp(`Devolución procesada: pedido ${order.number}`),
    );
    const entry = page.getByTestId("admin-return").filter({ hasText: order.number });
    await expect(entry).toContainText(worker.name);
    await expect(entry).toContainText("2 ×");
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variantId } })).stock).toBe(4);

    // A second attempt is refused and changes nothing.
    await page.getByLabel("Número de pedido").fill(order.number);
    await page.getByRole("button", { name: "Procesar devolución" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Solo se puede devolver un pedido enviado o entregado, y una sola vez" }),
    ).toBeVisible();
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variantId } })).stock).toBe(4);
  });

  test("an admin changes a user's role on the Usuarios tab and reads the history", async ({
    page,
    login,
    insertNewUser,
    app,
  }) => {
    const customer = await insertNewUser();
    await login({ role: "admin" });
    await page.goto("/admin/productos");
    await waitForHydration(page);
    if (test.info().project.use.javaScriptEnabled !== false) {
      // The loading indication of a tab change: the tab's data is held back until the
      // indication has been seen, so a fast server cannot make it flash by unobserved.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/admin\/usuarios\.data/, async (route) => {
        await held;
        await route.continue();
      });
      await page
        .getByRole("navigation", { name: "Secciones del panel" })
        .getByRole("link", { name: "Usuarios" })
        .click();
      await expect(page.getByTestId("admin-tab-loading")).toBeVisible();
      release(); // later requests for the tab pass straight through
    } else {
      await page
        .getByRole("navigation", { name: "Secciones del panel" })
        .getByRole("link", { name: "Usuarios" })
        .click();
    }
    await expect(page.getByRole("heading", { name: "Usuarios" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar usuarios" }).fill(customer.email);
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByTestId("admin-user").filter({ hasText: customer.email });
    await expect(row).toContainText("Cliente");
    await waitForHydration(page);
    await row.getByRole("combobox", { name: `Rol de ${customer.email}`, exact: true }).selectOption("worker");
    await row.getByRole("button", { name: "Cambiar" }).click();
    await expect(page.getByText("Rol cambiado a Empleado").first()).toBeVisible();
    await expect
      .poll(async () => (await app.prisma.userRole.findUnique({ where: { userId: customer.id } }))?.role)
      .toBe("worker");

    await page
      .getByRole("navigation", { name: "Secciones del panel" })
      .getByRole("link", { name: "Historial" })
      .click();
    await expect(page.getByTestId("audit-entry").filter({ hasText: "Rol de usuario" }).first()).toContainText(
      "Cliente →cambió a Empleado",
    );
  });
});

test("every admin page hydrates without an error: no hydration mismatch, no React error in the console", async ({
  page,
  login,
  app,
  paidOrder,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "Hydration is JavaScript's.");
  const admin = await login({ role: "admin" });
  const product = await newProduct(app.prisma, unique("Anillo Hidratado"));
  const order = await app.prisma.order.findUniqueOrThrow({
    where: { id: (await paidOrder(admin.id, [product.id])).id },
    select: { number: true },
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    // Every error React or the page logs (a test product's made-up photo failing to load is not one).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  const pages = [
    "/admin",
    "/admin/productos",
    "/admin/productos/nuevo",
    `/admin/productos/${product.id}`,
    "/admin/pedidos",
    `/admin/pedidos/${order.number}`,
    `/admin/pedidos/${order.number}/empaque`,
    "/admin/devoluciones",
    "/admin/facturas",
    "/admin/facturacion",
    "/admin/usuarios",
    "/admin/historial",
    "/admin/outbox",
    "/admin/importar",
    "/admin/exportar",
  ];
  for (const path of pages) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(errors).toEqual([]);
});
