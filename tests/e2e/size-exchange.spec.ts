import { expect, test, waitForHydration } from "./fixtures";
import { variantName } from "~/lib/variants";

/**
 * A shopper who bought the wrong ring size (issue 33, docs/decisions/034): of the two pieces delivered
 * they ask to exchange the ring for another size in Mis Pedidos; a worker approves it (the new size is
 * held), marks the ring received and ships the new size with its guide number; the shopper sees each
 * step in Mis Pedidos. With and without JavaScript: every form is a plain post.
 */
test("a size exchange for one of two pieces, from the request to the new size shipped", async ({
  page,
  app,
  login,
  insertNewUser,
  paidOrder,
  latestEmailTo,
}) => {
  const js = test.info().project.name === "js";
  const word = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo Talla ${word}`,
      price: 2_000_00,
      stock: 0,
      categoryId: 1,
      image: "/images/products/placeholder.svg",
    },
  });
  const [six, seven] = await Promise.all(
    ["6", "7"].map((size, index) =>
      app.prisma.variant.create({
        data: {
          productId: ring.id,
          // Named as the shop names variants (app/lib/variants.ts), so the catalogue export of another
          // spec reads it back unchanged.
          name: variantName({ model: null, size }),
          model: null,
          size,
          price: 2_000_00,
          stock: 2,
          sortOrder: index,
        },
      }),
    ),
  );
  const chain = await app.prisma.product.create({
    data: { name: `Cadena ${word}`, price: 900_00, stock: 3, categoryId: 1, image: "/images/products/placeholder.svg" },
  });
  const shopper = await login();
  const worker = await insertNewUser({ role: "worker" });
  const { id } = await paidOrder(shopper.id, [ring.id, chain.id]);
  const order = await app.prisma.order.update({ where: { id }, data: { deliveredAt: new Date() } });
  await app.prisma.orderItem.updateMany({
    where: { orderId: id, productId: ring.id },
    data: { variantId: six!.id, variantName: "Talla 6" },
  });

  const shopperSees = async (state: string) => {
    await login({ user: shopper });
    await page.goto("/orders");
    const request = page.locator(`#pedido-${order.number}`).getByTestId("return-request");
    await expect(request.getByTestId("return-request-status")).toHaveText(state);
    return request;
  };

  // The shopper asks from Mis Pedidos, where the deadline is said.
  await page.goto("/orders");
  const returns = page.locator(`#pedido-${order.number}`);
  await expect(returns.getByTestId("return-deadline")).toContainText(
    "Puedes solicitar una devolución o un cambio hasta el",
  );
  await waitForHydration(page);
  await returns.getByRole("link", { name: "Solicitar devolución o cambio" }).click();
  await expect(page.getByRole("heading", { name: "Solicitar devolución o cambio" })).toBeVisible();
  await waitForHydration(page);

  // Nothing chosen: the error comes back and the reason typed is kept.
  await page.getByLabel("Motivo").fill("Me quedó chico");
  await page.getByLabel("Cambiar de talla").check();
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.locator("#return-request-error")).toHaveText("Elige al menos una pieza y cuántas");
  await expect(page.getByLabel("Motivo")).toHaveValue("Me quedó chico");

  const piece = page.getByTestId("return-piece").filter({ hasText: ring.name });
  await piece.getByLabel("Cantidad").fill("1");
  await piece.getByLabel("Nueva talla (cambio)").selectOption({ label: "Talla 7" });
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page).toHaveURL(/\/orders/);
  const request = page.locator(`#pedido-${order.number}`).getByTestId("return-request");
  await expect(request.getByTestId("return-request-status")).toHaveText("Solicitada");
  await expect(request).toContainText(`1 × ${ring.name} (Talla 6 → Talla 7)`);

  // A worker approves it: the size 7 is held.
  await login({ user: worker });
  await page.goto("/admin/devoluciones");
  await page
    .getByTestId("admin-return-request")
    .filter({ hasText: order.number })
    .getByRole("link", { name: "Atender" })
    .click();
  await waitForHydration(page);
  await page.getByLabel(/Mensaje al cliente/).fill("Envíalo esta semana");
  await page.getByRole("button", { name: "Aprobar y apartar la nueva talla" }).click();
  await expect(page.getByTestId("admin-request-status")).toHaveText("Aprobada");
  expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: seven!.id } })).stock).toBe(1);
  const requestUrl = page.url();

  // The return slip, in the packing slip's layout.
  await page.getByRole("link", { name: "Imprimir hoja de devolución" }).click();
  await expect(page.getByTestId("return-slip")).toContainText("Hoja de devolución");
  await expect(page.getByTestId("slip-lines")).toContainText("Talla 7");

  await expect((await shopperSees("Aprobada")).getByText("Mensaje de la tienda: «Envíalo esta semana»")).toBeVisible();

  // The ring arrives, fit to sell again.
  await login({ user: worker });
  await page.goto(requestUrl);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Marcar como recibidas" }).click();
  await expect(page.getByTestId("admin-request-status")).toHaveText("Recibida");
  expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: six!.id } })).stock).toBe(3);

  await shopperSees("Recibida");

  // The new size leaves with its own guide number.
  await login({ user: worker });
  await page.goto(requestUrl);
  await waitForHydration(page);
  await page.getByLabel("Paquetería").selectOption("dhl");
  await page.getByLabel("Número de guía").fill(`JD${word}`);
  await page.getByRole("button", { name: "Enviar el cambio" }).click();
  await expect(page.getByTestId("admin-request-status")).toHaveText("Cambio enviado");

  const shipped = await shopperSees("Cambio enviado");
  await expect(shipped.getByTestId("exchange-tracking")).toContainText(`JD${word}`);
  expect((await latestEmailTo(shopper.email))?.subject).toContain(
    `Tu cambio de talla del pedido ${order.number} va en camino`,
  );
  if (!js) await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
});
