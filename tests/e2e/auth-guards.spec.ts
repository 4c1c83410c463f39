import { expect, test, waitForHydration } from "./fixtures";

test.describe("guards", () => {
  test("logged-out visitors of /orders and /admin go to /", async ({ page }) => {
    for (const path of ["/orders", "/admin"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("customers see Mis Pedidos but Acceso Denegado (403) on /admin", async ({ page, login }) => {
    await login();
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "Mis Pedidos" })).toBeVisible();
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acceso Denegado" })).toBeVisible();
    await page.getByRole("link", { name: "Volver" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const role of ["worker", "admin"] as const) {
    test(`the ${role} opens the panel from the user menu`, async ({ page, login }) => {
      await login({ role });
      await page.goto("/");
      // Hydration closes open menus (they close after every navigation): open it afterwards.
      await waitForHydration(page);
      await page.getByRole("banner").locator("details[data-menu=user] summary").click();
      await page.getByRole("banner").getByRole("link", { name: "Panel Admin" }).click();
      // The panel opens on its home, Resumen (issue 20).
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: "Panel de Administración" })).toBeVisible();
      await expect(page.getByTestId("role-badge")).toHaveText(role === "admin" ? "Administrador" : "Empleado");
    });
  }
});
