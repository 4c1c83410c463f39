import { expect, type Page, test } from "@playwright/test";

/** The development accounts of the seed (prisma/seed-data.ts). */
export const ACCOUNTS = {
  admin: { email: "admin@joyeria.test", password: "Admin123!" },
  worker: { email: "empleado@joyeria.test", password: "Empleado123!" },
  customer: { email: "cliente@joyeria.test", password: "Cliente123!" },
} as const;

/**
 * Logs in through the /login page (works with and without JavaScript) and waits until the
 * shop shows the user menu. `redirectTo` is where the login page sends the user afterwards.
 */
export async function login(page: Page, account: { email: string; password: string }, redirectTo = "/") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.locator("main form").first();
  await form.getByLabel("Email", { exact: true }).fill(account.email);
  await form.getByLabel("Contraseña", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Waits until React has hydrated the page (the root marks `<html data-hydrated>`), so a click on
 * a JavaScript-enhanced link opens the modal, drawer or overlay instead of following the link.
 */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
