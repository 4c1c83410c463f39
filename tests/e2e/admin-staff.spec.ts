import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, type NewUser, type NewUserOptions, test, waitForHydration } from "./fixtures";

/**
 * Staff tools as an admin and a worker use them, with and without JavaScript: a ring with models and
 * sizes and its photo in one step, a variant's price edited and seen in the shop at once, and an order
 * shipped with its carrier and guide number, the shopper's e-mail linking to the carrier.
 */

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const MXN = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });
const pesos = (centavos: number) => MXN.format(centavos / 100);
/** A price stored before IVA as the shop shows it: with IVA (PRICES_INCLUDE_IVA's default). */
const shown = (centavos: number) => pesos(Math.round(centavos * 1.16));

/** An admin's browser on the editor of product `productId`, hydrated: the product form. */
async function openProductEditor(page: Page, login: (options?: NewUserOptions) => Promise<NewUser>, productId: number) {
  await login({ role: "admin" });
  await page.goto(`/admin/productos/${productId}`);
  await waitForHydration(page);
  return page.getByTestId("product-form");
}

test.describe("staff tools", () => {
  // Many pages and a photo resized on the server each: more than the default time on a busy machine.
  test.beforeEach(() => test.slow());

  test("an admin creates a ring with two metals × three sizes and a photo in one step; the shop shows its prices", async ({
    page,
    login,
    app,
  }) => {
    const name = unique("Anillo Argolla");
    await login({ role: "admin" });
    await page.goto("/admin/productos/nuevo");
    await waitForHydration(page);
    const form = page.getByTestId("product-form");
    await form.getByLabel("Nombre").fill(name);
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#d4af37" } })
      .png()
      .toBuffer();
    await form.getByLabel(/Subir fotos/).setInputFiles({ name: "argolla.png", mimeType: "image/png", buffer: png });

    const rows: [string, string, string][] = [
      ["Oro amarillo 14k", "6", "4890"],
      ["Oro amarillo 14k", "7", "4890"],
      ["Oro amarillo 14k", "8", "4990"],
      ["Plata .925", "6", "1250.50"],
      ["Plata .925", "7", "1250.50"],
      ["Plata .925", "8", "1290"],
    ];
    const editor = page.getByTestId("variant-editor");
    for (const [i, [model, size, price]] of rows.entries()) {
      await editor.getByRole("button", { name: "+ Agregar variante" }).click();
      const row = editor.getByTestId("variant-row").nth(i);
      await expect(row).toBeVisible();
      await row.getByLabel("Modelo").fill(model);
      await row.getByLabel("Talla").fill(size);
      await row.getByLabel("Precio (MXN)").fill(price);
      await row.getByLabel("Existencias").fill("2");
    }
    await form.getByRole("button", { name: "Agregar producto" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(/Producto agregado/);

    const created = await app.prisma.product.findFirstOrThrow({
      where: { name },
      include: { variants: { orderBy: { sortOrder: "asc" } } },
    });
    expect(created.image).toMatch(/^\/uploads\/products\/[0-9a-f]{24}\.webp$/);
    expect(created).toMatchObject({ price: 1_250_50, stock: 12 });
    expect(created.variants.map((v) => [v.model, v.size, v.price])).toEqual(
      rows.map(([model, size, price]) => [model, size, Math.round(Number(price) * 100)]),
    );

    await page.goto(`/producto/${created.id}?modelo=${encodeURIComponent("Oro amarillo 14k")}&talla=8`);
    await expect(page.getByTestId("product-price")).toContainText(shown(4_990_00));
    await page.goto(`/producto/${created.id}?modelo=${encodeURIComponent("Plata .925")}&talla=6`);
    await expect(page.getByTestId("product-price")).toContainText(shown(1_250_50));
    const photo = await page.request.get(created.image);
    expect(photo.status()).toBe(200);
  });

  test("an admin edits one variant's price and the shop shows it at once; a sale made meanwhile stands", async ({
    page,
    login,
    app,
  }) => {
    const product = await app.prisma.product.create({
      data: {
        name: unique("Argolla Clásica"),
        price: 4_890_00,
        image: "/images/products/placeholder.svg",
        categoryId: 1,
        variants: {
          create: [
            { name: "Oro · Talla 6", model: "Oro", size: "6", price: 4_890_00, stock: 3, sortOrder: 0 },
            { name: "Oro · Talla 7", model: "Oro", size: "7", price: 4_890_00, stock: 3, sortOrder: 1 },
          ],
        },
      },
    });
    await page.goto(`/producto/${product.id}?modelo=Oro&talla=7`);
    await expect(page.getByTestId("product-price")).toContainText(shown(4_890_00));

    const editor = await openProductEditor(page, login, product.id);
    const row = page.getByTestId("variant-row").nth(1);
    await row.getByLabel("Precio (MXN)").fill("4790");
    // Meanwhile two pieces of size 6 sell: the form still shows 3, and saving the price must not
    // put them back on sale.
    await app.prisma.variant.updateMany({ where: { productId: product.id, size: "6" }, data: { stock: 1 } });
    await editor.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(/Cambios guardados/);
    await expect(page.getByTestId("product-stock-summary")).toHaveText("Existencias: 4 (suma de sus 2 variantes)");
    const stocks = await app.prisma.variant.findMany({
      where: { productId: product.id },
      orderBy: { sortOrder: "asc" },
    });
    expect(stocks.map((v) => [v.size, v.stock])).toEqual([
      ["6", 1],
      ["7", 3],
    ]);

    await page.goto(`/producto/${product.id}?modelo=Oro&talla=7`);
    await expect(page.getByTestId("product-price")).toContainText(shown(4_790_00));
    await page.goto(`/producto/${product.id}?modelo=Oro&talla=6`);
    await expect(page.getByTestId("product-price")).toContainText(shown(4_890_00));
  });

  test("two admins on one product: the later save is refused with the reason, keeps its values, and goes through when saved again", async ({
    page,
    login,
    app,
  }) => {
    const product = await app.prisma.product.create({
      data: {
        name: unique("Aretes Gota"),
        price: 2_100_00,
        stock: 5,
        image: "/images/products/placeholder.svg",
        description: "Plata .925",
        categoryId: 1,
      },
    });
    const form = await openProductEditor(page, login, product.id);
    await form.getByLabel("Precio (MXN)").fill("2250");
    // Another admin saves a new description while this form is open.
    await app.prisma.product.update({ where: { id: product.id }, data: { description: "Plata .925 con zirconia" } });

    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      /Alguien más guardó cambios en este producto mientras lo editabas/,
    );
    await expect(form.getByLabel("Precio (MXN)")).toHaveValue("2250");
    expect((await app.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).price).toBe(2_100_00);

    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(/Cambios guardados/);
    const saved = await app.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect([saved.price, saved.stock]).toEqual([2_250_00, 5]);
  });

  test("a form that comes back with an error still knows which product it was loaded from", async ({
    page,
    login,
    app,
  }) => {
    const product = await app.prisma.product.create({
      data: {
        name: unique("Pulsera Eslabón"),
        price: 1_800_00,
        stock: 2,
        image: "/images/products/placeholder.svg",
        categoryId: 1,
      },
    });
    const form = await openProductEditor(page, login, product.id);
    await app.prisma.product.update({ where: { id: product.id }, data: { description: "Cambiada por otra persona" } });
    // A mistake first: without JavaScript the page comes back from the server (a fresh loader behind it).
    await form.getByLabel("Precio (MXN)").fill("abc");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(form.getByText("Escribe el precio en pesos, por ejemplo 1299.50")).toBeVisible();
    await form.getByLabel("Precio (MXN)").fill("1850");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      /Alguien más guardó cambios en este producto mientras lo editabas/,
    );
    expect((await app.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).price).toBe(1_800_00);
  });

  test("a worker ships an order with a carrier and a guide number; the shopper's e-mail links to the carrier", async ({
    page,
    login,
    insertNewUser,
    latestEmailTo,
    app,
  }) => {
    const shopper = await insertNewUser();
    const product = await app.prisma.product.create({
      data: { name: unique("Pulsera Envío"), price: 1_500_00, image: "/images/products/placeholder.svg", stock: 3 },
    });
    const number = `LJ${Date.now().toString().slice(-7)}${Math.floor(Math.random() * 100)}`;
    await app.prisma.order.create({
      data: {
        number,
        userId: shopper.id,
        email: shopper.email,
        status: "procesando",
        paidAt: new Date(),
        subtotal: 1_500_00,
        shipping: 15_00,
        tax: 0,
        total: 1_515_00,
        items: { create: [{ productId: product.id, quantity: 1, price: 1_500_00, productName: product.name }] },
      },
    });
    await login({ role: "worker" });
    await page.goto(`/admin/pedidos/${number}`);
    await expect(page.getByRole("heading", { name: `Pedido ${number}` })).toBeVisible();
    await waitForHydration(page);
    const ship = page.getByTestId("ship-form");
    await ship.getByLabel("Paquetería").selectOption("dhl");
    await ship.getByLabel("Número de guía").fill("1234567890");
    await ship.getByRole("button", { name: "Marcar como enviado" }).click();
    // The order is shipped: the shipping form gives way to the one that corrects the shipment.
    await expect(page.getByRole("button", { name: "Guardar datos de envío" })).toBeVisible();

    await expect
      .poll(async () => app.prisma.order.findUnique({ where: { number }, select: { status: true, carrier: true } }))
      .toEqual({ status: "enviado", carrier: "dhl" });
    const email = await latestEmailTo(shopper.email);
    expect(email?.subject).toMatch(/va en camino/i);
    expect(email?.html).toMatch(/href="https:\/\/[^"]*dhl[^"]*1234567890/);
  });
});
