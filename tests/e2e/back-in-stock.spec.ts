import { expect, test, waitForHydration } from "./fixtures";

/**
 * Back in stock (issue 37), with JavaScript: a signed-in shopper asks with one click on a sold-out
 * piece, the answer shows in place, and when the piece is back the e-mail links to it.
 */
test("a signed-in shopper asks with one click and gets one e-mail when the piece is back", async ({
  page,
  app,
  login,
  latestEmailTo,
}) => {
  test.skip(test.info().project.name !== "js", "the no-JavaScript form posts to /avisame (integration tests)");
  const user = await login();
  const word = `Eco${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ring = await app.prisma.product.create({
    data: {
      name: `Anillo ${word}`,
      price: 2_000_00,
      stock: 0,
      image: "/images/products/placeholder.svg",
      categoryId: 1,
    },
  });

  await page.goto(`/producto/${ring.id}`);
  await waitForHydration(page);
  const form = page.getByTestId("stock-alert-form");
  await expect(form.getByLabel("Tu correo")).toHaveCount(0); // signed in: one click
  await form.getByRole("button", { name: "Avísame cuando vuelva" }).click();
  await expect(page.getByTestId("stock-alert-answer")).toHaveText(
    "Listo: te escribiremos una sola vez, cuando vuelva.",
  );

  // Back on the shelf: the sweep (which every stock change starts in the shop) sends the one e-mail.
  await app.prisma.product.update({ where: { id: ring.id }, data: { stock: 2 } });
  const { sendDueStockAlerts } = await import("~/models/stock-alerts.server");
  await sendDueStockAlerts();
  const email = await latestEmailTo(user.email);
  expect(email?.subject).toContain(ring.name);
  expect(email?.text).toContain(`/producto/${ring.id}`);
  expect(email?.text).toContain("/avisame/cancelar?token=");
});
