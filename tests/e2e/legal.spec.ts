import AxeBuilder from "@axe-core/playwright";
import { animationsSettled, expect, test } from "./fixtures";

const PAGES = [
  { link: "Aviso de Privacidad", path: "/aviso-de-privacidad", heading: "Aviso de Privacidad", text: "ARCO" },
  {
    link: "Términos y Condiciones",
    path: "/terminos-y-condiciones",
    heading: "Términos y Condiciones",
    // The right of withdrawal of a distance sale: RETURN_DAYS, at least and by default five business days.
    text: "5 días hábiles a partir de la entrega para revocar",
  },
  { link: "Envíos y Devoluciones", path: "/envios-y-devoluciones", heading: "Envíos y Devoluciones", text: "$15.00" },
];

test.describe("the pages a Mexican shop must publish", () => {
  for (const { link, path, heading, text } of PAGES) {
    test(`the footer links to ${heading}, which names the business and how to reach it`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const main = page.getByRole("main");
      await expect(main).toContainText(text);
      await expect(main).toContainText("Joyería Aurora, S.A. de C.V.");
      await expect(main).toContainText(/Última actualización: \d{1,2} de \w+ de \d{4}/);
    });
  }

  test("the simplified privacy notice links to the full one", async ({ page }) => {
    await page.goto("/aviso-de-privacidad");
    await page.getByRole("link", { name: "Aviso de Privacidad Simplificado" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Aviso de Privacidad Simplificado" })).toBeVisible();
    await page.getByRole("link", { name: "Aviso de Privacidad Integral" }).click();
    await expect(page).toHaveURL("/aviso-de-privacidad");
  });

  test("the registration form links to the terms and the privacy notice", async ({ page }) => {
    await page.goto("/register");
    const form = page.getByTestId("register-form");
    await expect(form.getByRole("link", { name: "Términos y Condiciones" })).toHaveAttribute(
      "href",
      "/terminos-y-condiciones",
    );
    await expect(form.getByRole("link", { name: "Aviso de Privacidad" })).toHaveAttribute(
      "href",
      "/aviso-de-privacidad",
    );
  });

  test("have no accessibility violations", async ({ page, javaScriptEnabled }) => {
    test.slow(); // axe walks each whole page
    test.skip(!javaScriptEnabled, "axe-core hangs without JavaScript");
    for (const path of [...PAGES.map((p) => p.path), "/aviso-de-privacidad/simplificado"]) {
      await page.goto(path);
      await animationsSettled(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations, path).toEqual([]);
    }
  });
});
