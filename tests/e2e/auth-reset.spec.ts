import { expect, test, type Browser } from "@playwright/test";
import { logOut, registerAccount, uniqueEmail, usesJs } from "./auth-helpers";
import { ACCOUNTS, login } from "./fixtures";

/** Reads the newest reset link sent to `to` from the staff outbox, as the seeded worker. */
async function resetLinkFor(browser: Browser, baseURL: string, javaScriptEnabled: boolean, to: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await login(page, ACCOUNTS.worker);
  await page.goto("/admin/outbox");
  const email = page
    .getByTestId("outbox-email")
    .filter({ has: page.getByTestId("outbox-to").getByText(to, { exact: true }) })
    .first();
  await email.locator("summary").click();
  const href = await email.getByRole("link", { name: /reset-password\?token=/ }).getAttribute("href");
  await context.close();
  expect(href).toBeTruthy();
  return new URL(href!).pathname + new URL(href!).search;
}

test.describe("password reset", () => {
  test("through the e-mailed link: validation, new password, back to the shop, single use", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const account = { name: "Rosa Reset", email: uniqueEmail(testInfo, "reset"), password: "antigua123" };
    await registerAccount(page, testInfo, account);
    await logOut(page, account.name);

    await page.goto("/forgot-password");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("main").getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByText("Se ha enviado un enlace de recuperación a tu correo electrónico.")).toBeVisible();

    const link = await resetLinkFor(browser, baseURL!, usesJs(testInfo), account.email);
    if (usesJs(testInfo)) {
      // An identity provider's error in the hash wins even over a valid token (read in the browser).
      await page.goto(`${link}#error=access_denied&error_code=otp_expired`);
      await expect(page.getByRole("heading", { name: "Enlace expirado o no válido" })).toBeVisible();
    }
    await page.goto(link);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(main.getByText("Por favor ingresa y confirma tu nueva contraseña.")).toBeVisible();
    await main.getByLabel("Nueva contraseña", { exact: true }).fill("nueva12345");
    await main.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("otra12345");
    await main.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(main.getByText("Las contraseñas no coinciden")).toBeVisible();
    await main.getByLabel("Nueva contraseña", { exact: true }).fill("123");
    await main.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("123");
    await main.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(main.getByText("La contraseña debe tener al menos 6 caracteres")).toBeVisible();

    await main.getByLabel("Nueva contraseña", { exact: true }).fill("nueva12345");
    await main.getByLabel("Confirmar nueva contraseña", { exact: true }).fill("nueva12345");
    await main.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByRole("heading", { name: "Contraseña actualizada" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });

    await login(page, { email: account.email, password: "nueva12345" });
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Enlace expirado o no válido" })).toBeVisible();
  });

  test("an invalid or expired link shows Enlace expirado o no válido", async ({ page }) => {
    const urls = [
      "/reset-password?token=no-existe",
      "/reset-password?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    ];
    for (const url of urls) {
      await page.goto(url);
      await expect(page.getByRole("heading", { name: "Enlace expirado o no válido" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Solicitar un enlace nuevo" })).toBeVisible();
    }
  });
});
