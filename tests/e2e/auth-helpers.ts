import type { Page, TestInfo } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

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

/**
 * Logs in through the /login page (works with and without JavaScript). Only for tests of the
 * login itself: every other test logs in with the `login` fixture.
 */
export async function logInWithForm(page: Page, account: { email: string; password: string }, redirectTo = "/") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.locator("main form").first();
  await form.getByLabel("Email", { exact: true }).fill(account.email);
  await form.getByLabel("Contraseña", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).not.toHaveURL(/\/login/);
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
  // Hydration closes open menus (they close after every navigation): open it afterwards.
  await waitForHydration(page);
  await userMenu(page, name).click();
  await page.getByRole("banner").getByRole("button", { name: "Cerrar Sesión" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();
}
