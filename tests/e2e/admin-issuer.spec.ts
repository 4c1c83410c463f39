import { expect, test, waitForHydration } from "./fixtures";

/**
 * The shop's fiscal data as issuer in /admin/facturacion (issue 34, docs/decisions/064), with and without
 * JavaScript: a wrong RFC is answered next to its field with the other values kept, the right data are
 * saved with the flash. The values are the SAT's test issuer `npm start` already issues as on this server,
 * so the invoices other specs stamp meanwhile are unchanged.
 */
test("an admin saves the shop's fiscal data; a wrong RFC is answered next to its field", async ({ page, login }) => {
  await login({ role: "admin" });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Secciones del panel" })
    .getByRole("link", { name: "Facturación" })
    .click();
  await expect(page).toHaveURL(/\/admin\/facturacion$/);
  await expect(page.getByRole("heading", { name: "Datos fiscales de la tienda" })).toBeVisible();
  await expect(page.getByText("Las ya timbradas no cambian")).toBeVisible();
  await waitForHydration(page);

  const form = page.getByTestId("issuer-form");
  await form.getByLabel("RFC de la tienda").fill("EKU9003173C8");
  await form.getByLabel("Razón social").fill("Escuela Kemper Urgate");
  await form.getByLabel("Régimen fiscal").selectOption("601");
  await form.getByLabel("Código postal del lugar de expedición").fill("42501");
  await form.getByRole("button", { name: "Guardar datos fiscales" }).click();
  // Next to its field: the element the RFC's input is described by.
  const rfc = form.getByLabel("RFC de la tienda");
  await expect(rfc).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await rfc.getAttribute("aria-describedby")) ?? "";
  await expect(form.locator(`[id="${describedBy}"]`)).toContainText(
    "El último carácter del RFC (dígito verificador) no corresponde",
  );
  await expect(form.getByLabel("Razón social")).toHaveValue(/ESCUELA KEMPER URGATE|Escuela Kemper Urgate/);
  await expect(form.getByLabel("Código postal del lugar de expedición")).toHaveValue("42501");

  await form.getByLabel("RFC de la tienda").fill("EKU9003173C9");
  await form.getByRole("button", { name: "Guardar datos fiscales" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText(/Datos fiscales guardados/);
  await expect(page.getByTestId("issuer-origin")).toContainText("Guardados en esta página");
  await expect(form.getByLabel("RFC de la tienda")).toHaveValue("EKU9003173C9");
  await expect(form.getByLabel("Razón social")).toHaveValue("ESCUELA KEMPER URGATE");
});

test("a worker has no Facturación tab and is refused the page", async ({ page, login }) => {
  await login({ role: "worker" });
  await page.goto("/admin");
  await expect(
    page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Facturas" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Facturación" })).toHaveCount(0);
  const response = await page.goto("/admin/facturacion");
  expect(response?.status()).toBe(403);
});
