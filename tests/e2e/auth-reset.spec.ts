import { logInWithForm, usesJs } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";

test.describe("password reset", () => {
  test("through the e-mailed link: validation, new password, back to the shop, single use", async ({
    page,
    insertNewUser,
    latestEmailTo,
  }, testInfo) => {
    const account = await insertNewUser({ name: "Rosa Reset", password: "antigua123" });

    await page.goto("/forgot-password");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("main").getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByText("Se ha enviado un enlace de recuperación a tu correo electrónico.")).toBeVisible();

    // The shop has queued the e-mail before it answers: read the link from its outbox.
    const email = await latestEmailTo(account.email);
    const href = email?.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(href, "the reset e-mail carries the link").toBeTruthy();
    const link = new URL(href!).pathname + new URL(href!).search;
    if (usesJs(testInfo)) {
      // An identity provider's error in the hash wins even over a valid token (read in the browser).
      await page.goto(`${link}#error=access_denied&error_code=otp_expired`);
      await expect(page.getByRole("heading", { name: "Enlace expirado o no válido" })).toBeVisible();
    }
    await page.goto(link);
    // With JavaScript the form checks the fields before posting and clears the passwords after an error.
    await waitForHydration(page);
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
    await expect(page).toHaveURL(/\/$/);

    await logInWithForm(page, { email: account.email, password: "nueva12345" });
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
