import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { usesJs } from "./auth-helpers";
import { animationsSettled, expect, test, uniqueEmail, waitForHydration } from "./fixtures";

/** A product of the home grid; each project takes its own, so parallel runs never share its reviews. */
async function productForProject(page: Page, testInfo: TestInfo) {
  await page.goto("/");
  const link = page.locator('[data-testid="product-card"] h3 a').nth(usesJs(testInfo) ? 0 : 1);
  const href = (await link.getAttribute("href")) ?? "";
  return { id: Number(href.split("/").pop()?.split("?")[0]), name: (await link.textContent())?.trim() ?? "" };
}

/** The path and query of the first link to `path` in an e-mail's text. */
function linkIn(email: { text: string } | null, path: string): string {
  const href = email?.text.match(new RegExp(`https?://\\S+${path.replace(/\//g, "\\/")}\\?token=[\\w-]+`))?.[0];
  expect(href, `the e-mail carries a link to ${path}`).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

/**
 * Subscribes `email` as the home page's box would and confirms it from the e-mail, as its owner would;
 * returns the unsubscribe link of the welcome e-mail.
 */
async function subscribeByPost(
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  latestEmailTo: (to: string) => Promise<{ text: string } | null>,
) {
  const response = await request.post("/newsletter", {
    form: { email, interests: "Anillos" },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status()).toBe(200);
  const confirmLink = linkIn(await latestEmailTo(email), "/newsletter/confirmar");
  const token = new URLSearchParams(confirmLink.split("?")[1]).get("token") ?? "";
  const confirmed = await request.post("/newsletter/confirmar", {
    form: { token },
    headers: { Origin: baseURL ?? "" },
  });
  expect(confirmed.status()).toBe(200);
  return linkIn(await latestEmailTo(email), "/unsubscribe");
}

test.describe("reviews", () => {
  test("only a buyer may review; the review is written with stars and appears first", async ({
    page,
    login,
    paidOrder,
  }, testInfo) => {
    const product = await productForProject(page, testInfo);
    const reviews = page.locator("#resenas");

    await page.goto(`/producto/${product.id}`);
    await expect(reviews.getByRole("link", { name: "Inicia sesión" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/producto/${product.id}#resenas`)}`,
    );

    const user = await login({ name: `Reseñista ${testInfo.project.name} ${Date.now()}` });
    await page.reload();
    await expect(reviews.getByText("Solo quienes compraron este producto pueden escribir una reseña.")).toBeVisible();
    await expect(reviews.getByTestId("review-form")).toHaveCount(0);

    await paidOrder(user.id, [product.id]);
    await page.reload();
    await waitForHydration(page);
    const form = reviews.getByTestId("review-form");
    await expect(form.getByRole("radio", { name: "5 estrellas" })).toBeChecked();

    await form.locator("label", { hasText: "3 estrellas" }).click();
    await expect(form.getByRole("radio", { name: "3 estrellas" })).toBeChecked();
    await form.getByLabel("Tu comentario").fill("corto");
    await form.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(form.getByText("El comentario debe tener al menos 10 caracteres")).toBeVisible();
    // The action's answer (the form validates on the server only): the field to correct marked and focused.
    await expect(form.getByLabel("Tu comentario")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Tu comentario")).toBeFocused();
    // The chosen stars and the text survive the refusal, with or without JavaScript.
    await expect(form.getByRole("radio", { name: "3 estrellas" })).toBeChecked();
    await expect(form.getByLabel("Tu comentario")).toHaveValue("corto");

    const comment = `Precioso, llegó bien empacado (${testInfo.project.name})`;
    await form.getByLabel("Tu comentario").fill(comment);
    await form.getByRole("button", { name: "Publicar reseña" }).click();

    await expect(page.getByText("¡Gracias por tu reseña!")).toBeVisible();
    const first = reviews.getByTestId("review").first();
    await expect(first).toContainText(user.name);
    await expect(first).toContainText(comment);
    await expect(first.getByRole("img", { name: "3 de 5 estrellas" })).toBeVisible();
    await expect(reviews.getByTestId("review-notice")).toContainText("Ya escribiste una reseña de este producto");
    await expect(reviews.getByTestId("review-form")).toHaveCount(0);
    await expect(reviews.getByTestId("rating-summary")).toBeVisible();
  });
});

test.describe("newsletter", () => {
  test("subscribing from the home page: validation, thank-you panel with Cerrar, confirmation by e-mail, welcome e-mail", async ({
    page,
    latestEmailTo,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "boletin");
    await page.goto("/");
    await waitForHydration(page);
    let box = page.getByTestId("newsletter-form");
    await box.getByLabel("Email").fill("ana@ejemplo");
    await box.getByLabel("Anillos").check();
    await box.getByRole("button", { name: "Suscribirme" }).click();
    await expect(page.getByText("Por favor ingresa un email válido")).toBeVisible();
    // The action's answer (the box validates on the server only): values kept, the field to correct focused.
    box = page.getByTestId("newsletter-form");
    await expect(box.getByLabel("Email")).toHaveValue("ana@ejemplo");
    await expect(box.getByLabel("Email")).toBeFocused();
    await expect(box.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(box.getByLabel("Anillos")).toBeChecked();

    await box.getByLabel("Email").fill(email);
    await box.getByLabel("Anillos").check();
    await box.getByLabel("Ofertas especiales").check();
    await box.getByRole("button", { name: "Suscribirme" }).click();

    const thanks = page.getByTestId("newsletter-thanks");
    await expect(thanks).toContainText("¡Gracias por suscribirte!");
    // With JavaScript the shopper stays on the home page; without it the form's page answers.
    await expect(page).toHaveURL(usesJs(testInfo) ? /\/$/ : /\/newsletter$/);

    await expect(thanks).toContainText("Te enviamos un correo para confirmar tu suscripción");
    const confirmation = await latestEmailTo(email);
    expect(confirmation?.subject).toBe("Confirma tu suscripción al boletín — Joyería Aurora");
    expect(confirmation?.text).toContain("Anillos, Ofertas especiales");

    await thanks.getByRole(usesJs(testInfo) ? "button" : "link", { name: "Cerrar" }).click();
    await expect(page.getByTestId("newsletter-thanks")).toHaveCount(0);
    await expect(page.getByTestId("newsletter-form").getByLabel("Email")).toHaveValue("");

    // The owner opens the e-mail's link: one click confirms (opening it alone changes nothing).
    await page.goto(linkIn(confirmation, "/newsletter/confirmar"));
    await waitForHydration(page);
    expect((await latestEmailTo(email))?.subject).toBe(confirmation?.subject);
    await page.getByRole("button", { name: "Confirmar mi suscripción" }).click();
    await expect(page.getByTestId("newsletter-confirm-result")).toHaveText(
      "¡Listo! Tu suscripción está confirmada: pronto recibirás nuestras novedades en tu correo.",
    );
    const welcome = await latestEmailTo(email);
    expect(welcome?.text).toContain("Anillos, Ofertas especiales");
    expect(welcome?.text).toMatch(/\/unsubscribe\?token=[\w-]+/);
  });
});

test.describe("unsubscribe", () => {
  test("from the e-mail's link: a GET changes nothing, the page's POST unsubscribes once", async ({
    page,
    request,
    baseURL,
    latestEmailTo,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "baja-token");
    const link = await subscribeByPost(request, baseURL, email, latestEmailTo);

    // A link scanner fetching the URL does not unsubscribe anybody.
    expect((await request.get(link)).status()).toBe(200);

    await page.goto(link);
    if (!usesJs(testInfo)) await page.getByRole("button", { name: "Darme de baja" }).click();
    await expect(page.getByTestId("unsubscribe-result")).toHaveText(
      `El email ${email} ha sido dado de baja correctamente.`,
    );

    await page.goto(link);
    if (!usesJs(testInfo)) await page.getByRole("button", { name: "Darme de baja" }).click();
    await expect(page.getByTestId("unsubscribe-result")).toHaveText("Token no válido o ya estaba dado de baja.");
  });

  test("by e-mail: Cancelar; Sí, darme de baja e-mails the link, the same answer for anybody; the link unsubscribes", async ({
    page,
    request,
    baseURL,
    latestEmailTo,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "baja-email");
    await subscribeByPost(request, baseURL, email, latestEmailTo);

    const ask = async (address: string) => {
      await page.goto("/unsubscribe");
      await waitForHydration(page);
      const form = page.getByTestId("unsubscribe-email-form");
      await form.getByLabel("Email").fill(address);
      await form.getByRole("button", { name: "Continuar" }).click();
    };
    const sentFor = (address: string) =>
      `Si ${address} está suscrito a nuestro boletín, te enviamos un correo con el enlace para darte de baja. Ábrelo para terminar.`;

    const nobody = uniqueEmail(testInfo, "nadie");
    await ask(nobody);
    await page.getByRole("button", { name: "Sí, darme de baja" }).click();
    await expect(page.getByTestId("unsubscribe-result")).toHaveText(sentFor(nobody));
    expect(await latestEmailTo(nobody)).toBeNull();

    await ask(email);
    const confirm = page.getByTestId("unsubscribe-confirm-form");
    await expect(confirm).toContainText(email);
    await confirm.getByRole("link", { name: "Cancelar" }).click();
    await expect(page.getByTestId("unsubscribe-email-form")).toBeVisible();

    await ask(email);
    await page.getByRole("button", { name: "Sí, darme de baja" }).click();
    await expect(page.getByTestId("unsubscribe-result")).toHaveText(sentFor(email));

    // Only the e-mail's link unsubscribes.
    await page.goto(linkIn(await latestEmailTo(email), "/unsubscribe"));
    if (!usesJs(testInfo)) await page.getByRole("button", { name: "Darme de baja" }).click();
    await expect(page.getByTestId("unsubscribe-result")).toHaveText(
      `El email ${email} ha sido dado de baja correctamente.`,
    );
  });
});

test.describe("accessibility (axe)", () => {
  // axe walks the whole page in the browser: seconds on a quiet machine, minutes on a loaded one.
  test.slow();
  test("the review form, the newsletter page and the unsubscribe steps have no violations", async ({
    page,
    login,
    paidOrder,
    request,
    baseURL,
    latestEmailTo,
  }, testInfo) => {
    test.skip(!usesJs(testInfo), "axe runs as a script in the page");
    const axe = async () => {
      await animationsSettled(page);
      return (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
    };
    const user = await login();
    const product = await productForProject(page, testInfo);
    await paidOrder(user.id, [product.id]);
    await page.goto(`/producto/${product.id}`);
    await expect(page.getByTestId("review-form")).toBeVisible();
    expect(await axe()).toEqual([]);

    await page.goto("/newsletter");
    expect(await axe()).toEqual([]);

    const email = uniqueEmail(testInfo, "axe");
    await subscribeByPost(request, baseURL, email, latestEmailTo);
    await page.goto("/unsubscribe");
    await waitForHydration(page);
    await page.getByTestId("unsubscribe-email-form").getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByRole("button", { name: "Sí, darme de baja" })).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});
