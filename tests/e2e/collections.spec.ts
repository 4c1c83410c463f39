import { expect, test } from "./fixtures";

/**
 * Collections that help choose (issue 37), without JavaScript: the shopper narrows the rings to oro
 * rosa in a price band, available only, with a plain GET form; every choice is in the address.
 */
test("a category's filters work without JavaScript and stay in the address", async ({ page, app }) => {
  test.skip(test.info().project.name !== "no-js", "the form is the same with JavaScript");
  const word = `Brisa${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // $8,510 before IVA shows as $9,871.60: a price band no other spec's pieces sit in.
  const piece = { price: 8_510_00, stock: 3, image: "/images/products/placeholder.svg", categoryId: 1 };
  const rosa = await app.prisma.product.create({
    data: { ...piece, name: `Anillo ${word} Rosa`, material: "Oro rosa 14k" },
  });
  await app.prisma.product.create({ data: { ...piece, name: `Anillo ${word} Blanco`, material: "Oro blanco 14k" } });
  await app.prisma.product.create({
    data: { ...piece, name: `Anillo ${word} Agotado`, material: "Oro rosa 14k", stock: 0 },
  });

  await page.goto("/?categoria=rings");
  const form = page.getByRole("form", { name: "Filtrar la colección" });
  await expect(form.getByTestId("collection-count")).toHaveText(/\d+ piezas?/);
  await form.getByLabel("Metal").selectOption("oro-rosa");
  await form.getByLabel("Precio desde ($)").fill("9871");
  await form.getByLabel("Hasta ($)").fill("9872");
  await form.getByLabel("Solo disponibles").check();
  await form.getByLabel("Ordenar por").selectOption("precio-asc");
  await form.getByRole("button", { name: "Aplicar" }).click();

  await expect(page).toHaveURL(
    /categoria=rings&orden=precio-asc&metal=oro-rosa&ocasion=&min=9871&max=9872&disponible=1/,
  );
  await expect(page.getByTestId("collection-count")).toHaveText("1 pieza");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(rosa.name);
  // The form shows what the address says, and clearing it goes back to the whole category.
  await expect(page.getByLabel("Metal")).toHaveValue("oro-rosa");
  await page.getByRole("link", { name: "Quitar filtros" }).click();
  await expect(page).toHaveURL(/\/\?categoria=rings$/);
});
