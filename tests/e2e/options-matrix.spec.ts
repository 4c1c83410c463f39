import { expect, test, waitForHydration } from "./fixtures";

/**
 * The options matrix (issue 37): an admin turns 3 metals × 9 sizes into 27 variants in one step, the
 * ring's existing size kept with its stock, and saves them; prices say they are before IVA and show
 * what the shopper pays. Without JavaScript the button is a plain post that comes back with the rows.
 */

test("an admin generates 3 metals × 9 sizes in one step and saves them, the existing size kept", async ({
  page,
  login,
  app,
}) => {
  // The plain-post journey; with JavaScript the same button posts through Remix (checked by hand, not
  // run in the suite to keep its time: the answer and the save are the same action).
  test.skip(test.info().project.name === "js", "the no-JavaScript journey");
  test.slow(); // a form of 27 rows, posted twice, on a busy machine
  const word = `Matriz${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo ${word}`,
      material: "Oro blanco 14k",
      price: 13_000_00,
      stock: 0,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
      variants: {
        create: [{ name: "Oro blanco · Talla 7", model: "Oro blanco", size: "7", price: 13_000_00, stock: 4 }],
      },
    },
    include: { variants: true },
  });
  await login({ role: "admin" });
  await page.goto(`/admin/productos/${ring.id}`);

  const matrix = page.getByTestId("options-matrix");
  // The ring's own metal and size come ticked, with its price.
  await expect(matrix.getByRole("checkbox", { name: "Oro blanco" })).toBeChecked();
  await expect(matrix.getByLabel("Precio de Oro blanco (MXN), antes de IVA")).toHaveValue("13000.00");
  await matrix.getByRole("checkbox", { name: "Oro amarillo" }).check();
  await matrix.getByRole("checkbox", { name: "Oro rosa" }).check();
  for (const size of ["4", "5", "6", "8", "9", "10", "11", "12"]) {
    await matrix.getByRole("checkbox", { name: size, exact: true }).check();
  }
  await matrix.getByLabel("Precio de Oro amarillo (MXN), antes de IVA").fill("12500");
  await matrix.getByLabel("Precio de Oro rosa (MXN), antes de IVA").fill("14900");
  await matrix.getByLabel("Foto de Oro rosa").selectOption({ label: "Principal" });
  await matrix.getByRole("button", { name: "Generar combinaciones" }).click();

  await expect(page.getByTestId("matrix-notice")).toContainText("27 combinaciones: 26 nuevas y 1 que ya existía.");
  const rows = page.getByTestId("variant-row");
  await expect(rows).toHaveCount(27);
  // The kept size: its stock as it was; a price says what the shopper pays (the server's figure).
  const kept = rows.filter({ has: page.locator(`input[type=hidden][value="${ring.variants[0]!.id}"]`) });
  await expect(kept.getByLabel("Existencias")).toHaveValue("4");
  await expect(kept.getByLabel("Precio (MXN), antes de IVA")).toHaveValue("13000.00");
  await expect(rows.first().getByTestId("iva-hint")).toHaveText("Con IVA: $14,500.00");
  await rows.first().getByLabel("Existencias").fill("3");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText(/Cambios guardados/);

  const variants = await app.prisma.variant.findMany({ where: { productId: ring.id, archivedAt: null } });
  expect(variants).toHaveLength(27);
  expect(variants.filter((v) => v.model === "Oro blanco" && v.size === "7").map((v) => [v.id, v.stock])).toEqual([
    [ring.variants[0]!.id, 4],
  ]);
  expect(variants.find((v) => v.model === "Oro amarillo" && v.size === "4")).toMatchObject({
    price: 12_500_00,
    stock: 3,
  });
  expect(variants.filter((v) => v.model === "Oro rosa").every((v) => v.image === ring.image)).toBe(true);
  expect((await app.prisma.product.findUniqueOrThrow({ where: { id: ring.id } })).stock).toBe(7);
});

test("a metal outside the four is named once and generated like them, its name checked next to the field", async ({
  page,
  login,
  app,
}) => {
  const word = `Platino${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo ${word}`,
      material: "Oro blanco 18k",
      price: 20_000_00,
      stock: 0,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
    },
  });
  await login({ role: "admin" });
  await page.goto(`/admin/productos/${ring.id}`);
  await waitForHydration(page);
  const matrix = page.getByTestId("options-matrix");
  await matrix.getByRole("checkbox", { name: "Otro metal" }).check();
  await matrix.getByLabel("Precio de otro metal (MXN), antes de IVA").fill("21500");
  for (const size of ["5", "6"]) await matrix.getByRole("checkbox", { name: size, exact: true }).check();
  // Named as one of the four: refused beside the name, what was typed kept.
  await matrix.getByLabel("Cuál es el otro metal").fill("oro ROSA");
  await matrix.getByRole("button", { name: "Generar combinaciones" }).click();
  await expect(matrix.getByText("Ese metal ya está en la lista: márcalo arriba")).toBeVisible();
  await expect(matrix.getByLabel("Precio de otro metal (MXN), antes de IVA")).toHaveValue("21500");

  await matrix.getByLabel("Cuál es el otro metal").fill("platino");
  await matrix.getByRole("button", { name: "Generar combinaciones" }).click();
  await expect(page.getByTestId("matrix-notice")).toContainText("2 combinaciones: 2 nuevas");
  const rows = page.getByTestId("variant-row");
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByLabel("Existencias").fill("1");
  await rows.nth(1).getByLabel("Existencias").fill("2");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText(/Cambios guardados/);
  const variants = await app.prisma.variant.findMany({ where: { productId: ring.id }, orderBy: { sortOrder: "asc" } });
  expect(variants.map((v) => [v.model, v.size, v.material, v.price, v.stock])).toEqual([
    ["Platino", "5", "Platino", 21_500_00, 1],
    ["Platino", "6", "Platino", 21_500_00, 2],
  ]);
  // Opened again, the form has it as the other metal, so generating again keeps its rows.
  await page.goto(`/admin/productos/${ring.id}`);
  await expect(matrix.getByRole("checkbox", { name: "Otro metal" })).toBeChecked();
  await expect(matrix.getByLabel("Cuál es el otro metal")).toHaveValue("Platino");
});
