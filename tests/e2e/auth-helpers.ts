import { expect, type Page, type TestInfo } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/** A fresh e-mail per test and project, so parallel tests never share an account. */
export function uniqueEmail(testInfo: TestInfo, prefix = "cliente") {
  return `${prefix}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export const usesJs = (testInfo: TestInfo) => testInfo.project.name === "js";

/**
 * Where the account forms live: the auth modal with JavaScript (opened from the header), the
 * real pages without it.
 */
export async function openAuth(page: Page, testInfo: TestInfo, mode: "login" | "register") {
  if (usesJs(testInfo)) {
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    if (mode === "register") await dialog.getByRole("button", { name: "Regístrate" }).click();
    return dialog;
  }
  await page.goto(mode === "login" ? "/login" : "/register");
  return page.getByRole("main");
}

export async function registerAccount(
  page: Page,
  testInfo: TestInfo,
  account: { name: string; email: string; password: string },
) {
  await page.goto("/");
  const scope = await openAuth(page, testInfo, "register");
  await scope.getByLabel("Nombre", { exact: true }).fill(account.name);
  await scope.getByLabel("Email", { exact: true }).fill(account.email);
  await scope.getByLabel("Contraseña", { exact: true }).fill(account.password);
  await scope.getByLabel("Confirmar contraseña", { exact: true }).fill(account.password);
  await scope.getByRole("button", { name: "Crear Cuenta" }).click();
  await expect(userMenu(page, account.name)).toBeVisible();
}

export function userMenu(page: Page, name: string) {
  return page.getByRole("banner").locator("details[data-menu=user] summary", { hasText: name });
}

export async function logOut(page: Page, name: string) {
  await userMenu(page, name).click();
  await page.getByRole("banner").getByRole("button", { name: "Cerrar Sesión" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();
}
