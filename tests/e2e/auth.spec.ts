import { logOut, openAuth, registerAccount, userMenu, usesJs } from "./auth-helpers";
import { expect, test, uniqueEmail, waitForHydration } from "./fixtures";

test.describe("accounts", () => {
  test("register, log out and log in again", async ({ page }, testInfo) => {
    const account = { name: "Lucía Prueba", email: uniqueEmail(testInfo), password: "secreto123" };
    await registerAccount(page, testInfo, account);
    if (usesJs(testInfo)) await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    await logOut(page, account.name);

    const scope = await openAuth(page, testInfo, "login");
    await scope.getByLabel("Email", { exact: true }).fill(account.email.toUpperCase());
    await scope.getByLabel("Contraseña", { exact: true }).fill(account.password);
    await scope.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(userMenu(page, account.name)).toBeVisible();

    await waitForHydration(page);
    await userMenu(page, account.name).click();
    const menu = page.getByRole("banner").locator("details[data-menu=user]");
    await expect(menu.getByRole("link", { name: "Mis Pedidos" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Panel Admin" })).toHaveCount(0);
    await expect(menu.getByRole("button", { name: "Cerrar Sesión" })).toBeVisible();
  });

  test("a wrong password is refused with a clear message, keeping the e-mail", async ({
    page,
    insertNewUser,
  }, testInfo) => {
    const user = await insertNewUser();
    await page.goto("/");
    const scope = await openAuth(page, testInfo, "login");
    await scope.getByLabel("Email", { exact: true }).fill(user.email);
    await scope.getByLabel("Contraseña", { exact: true }).fill("incorrecta");
    await scope.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(scope.getByRole("alert")).toHaveText("Email o contraseña incorrectos");
    await expect(scope.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(scope.getByLabel("Contraseña", { exact: true })).toHaveValue("");
  });

  test("login returns to the page the visitor came from", async ({ page, insertNewUser }) => {
    const user = await insertNewUser();
    await page.goto("/login?redirectTo=%2Forders");
    const form = page.locator("main form").first();
    await form.getByLabel("Email", { exact: true }).fill(user.email);
    await form.getByLabel("Contraseña", { exact: true }).fill(user.password);
    await form.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole("heading", { name: "Mis Pedidos" })).toBeVisible();
  });

  test("the login form shows every validation message next to its field", async ({ page }, testInfo) => {
    await page.goto("/");
    const scope = await openAuth(page, testInfo, "login");
    const email = scope.getByLabel("Email", { exact: true });
    const password = scope.getByLabel("Contraseña", { exact: true });
    await scope.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(scope.getByText("El email es requerido")).toBeVisible();
    await expect(scope.getByText("La contraseña es requerida")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("El email es requerido");
    await expect(email).toBeFocused();

    await email.fill("no-es-un-email");
    await password.fill("123");
    await scope.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(scope.getByText("El email no es válido")).toBeVisible();
    await expect(scope.getByText("La contraseña debe tener al menos 6 caracteres")).toBeVisible();
    await expect(email).toHaveValue("no-es-un-email");
  });

  test("the register form shows every validation message", async ({ page, insertNewUser }, testInfo) => {
    const existing = await insertNewUser();
    await page.goto("/");
    const scope = await openAuth(page, testInfo, "register");
    await scope.getByRole("button", { name: "Crear Cuenta" }).click();
    for (const message of [
      "El nombre es requerido",
      "El email es requerido",
      "La contraseña es requerida",
      "Confirma tu contraseña",
    ]) {
      await expect(scope.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(scope.getByLabel("Nombre", { exact: true })).toBeFocused();

    await scope.getByLabel("Nombre", { exact: true }).fill("Ana");
    await scope.getByLabel("Email", { exact: true }).fill("ana@example.test");
    await scope.getByLabel("Contraseña", { exact: true }).fill("secreto1");
    await scope.getByLabel("Confirmar contraseña", { exact: true }).fill("secreto2");
    await scope.getByRole("button", { name: "Crear Cuenta" }).click();
    await expect(scope.getByText("Las contraseñas no coinciden")).toBeVisible();
    await expect(scope.getByLabel("Nombre", { exact: true })).toHaveValue("Ana");
    await expect(scope.getByLabel("Confirmar contraseña", { exact: true })).toBeFocused();

    // An e-mail with an account already.
    await scope.getByLabel("Email", { exact: true }).fill(existing.email);
    await scope.getByLabel("Contraseña", { exact: true }).fill("secreto1");
    await scope.getByLabel("Confirmar contraseña", { exact: true }).fill("secreto1");
    await scope.getByRole("button", { name: "Crear Cuenta" }).click();
    await expect(scope.getByText("Ya existe una cuenta con este email")).toBeVisible();
  });

  test("the forgot-password form validates and always answers the same", async ({ page }, testInfo) => {
    await page.goto("/");
    const scope = await openAuth(page, testInfo, "login");
    if (usesJs(testInfo)) await scope.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    else await scope.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await scope.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(scope.getByText("El email es requerido")).toBeVisible();
    await scope.getByLabel("Email", { exact: true }).fill("nadie");
    await scope.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(scope.getByText("El email no es válido")).toBeVisible();
    await scope.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo, "nadie"));
    await scope.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(scope.getByText("Se ha enviado un enlace de recuperación a tu correo electrónico.")).toBeVisible();
  });

  test("the add-to-cart login origin works: /login?redirectTo=/producto/12", async ({ page }) => {
    await page.goto("/login?redirectTo=/producto/12");
    await expect(page.getByRole("heading", { name: "Iniciar Sesión" })).toBeVisible();
    await expect(page.locator('main input[name="redirectTo"]')).toHaveValue("/producto/12");
  });

  test("the modal switches between login, register and forgot-password", async ({ page }, testInfo) => {
    test.skip(!usesJs(testInfo), "the modal is the JavaScript enhancement");
    await page.goto("/");
    const dialog = await openAuth(page, testInfo, "login");
    await expect(dialog.getByRole("heading", { name: "Iniciar Sesión" })).toBeVisible();
    await dialog.getByRole("button", { name: "Regístrate" }).click();
    await expect(dialog.getByRole("heading", { name: "Crear Cuenta" })).toBeVisible();
    await dialog.getByRole("button", { name: "Inicia sesión" }).click();
    await dialog.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(dialog.getByRole("heading", { name: "¿Olvidaste tu contraseña?" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});
