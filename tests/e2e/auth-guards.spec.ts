import { expect, test } from "@playwright/test";
import { ACCOUNTS, login } from "./fixtures";

test.describe("guards", () => {
  test("logged-out visitors of /orders and /admin go to /", async ({ page }) => {
    for (const path of ["/orders", "/admin"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("customers see Mis Pedidos but Acceso Denegado (403) on /admin", async ({ page }) => {
    await login(page, ACCOUNTS.customer);
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "Mis Pedidos" })).toBeVisible();
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acceso Denegado" })).toBeVisible();
    await page.getByRole("link", { name: "Volver" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const role of ["worker", "admin"] as const) {
    test(`the ${role} opens the panel from the user menu`, async ({ page }) => {
      await login(page, ACCOUNTS[role]);
      await page.getByRole("banner").locator("details[data-menu=user] summary").click();
      await page.getByRole("banner").getByRole("link", { name: "Panel Admin" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: "Panel de Administración" })).toBeVisible();
      await expect(page.getByTestId("role-badge")).toHaveText(role === "admin" ? "Administrador" : "Empleado");
    });
  }
});
