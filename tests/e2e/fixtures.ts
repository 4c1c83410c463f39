import { test as base, expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import type { RoleName } from "~/lib/roles";
import { probePage, RENDERER_STALL } from "./renderer-stall";
import { E2E_SESSION_SECRET, e2eBaseUrl, e2eDatabaseUrl } from "./server";

export { expect };

/**
 * The app's own modules, loaded into the Playwright worker against the e2e server's database.
 * `db.server` opens its client when first imported and `env.server` reads the environment once,
 * so the environment is set to the server's before the first import: the same database, the same
 * secret and the same cookie name and flags as the production server under test.
 */
async function loadAppModules() {
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: e2eDatabaseUrl(),
    // One connection per worker, as the embedded database expects of each client.
    DATABASE_EMBEDDED: "1",
    SESSION_SECRET: E2E_SESSION_SECRET,
    APP_ORIGIN: e2eBaseUrl(),
  });
  const [{ prisma }, { createUserSession }, { createUser }, { createOrder }] = await Promise.all([
    import("~/utils/db.server"),
    import("~/utils/session.server"),
    import("../db-utils"),
    import("../order-utils"),
  ]);
  return { prisma, createUserSession, createUser, createOrder };
}

export type AppModules = Awaited<ReturnType<typeof loadAppModules>>;

/** A fresh e-mail per test, worker and project, so parallel tests never share an account. */
export function uniqueEmail(testInfo: TestInfo, prefix = "cliente") {
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}-${testInfo.project.name}-w${testInfo.workerIndex}-${Date.now()}-${random}@example.test`;
}

export type NewUserOptions = { role?: RoleName; name?: string; password?: string };
export type NewUser = { id: string; email: string; name: string; password: string; role: RoleName };

type CookieToAdd = Parameters<BrowserContext["addCookies"]>[0][number];

/** Turns the app's Set-Cookie header into the cookie a browser would store for `baseURL`. */
export function cookieFromSetCookie(setCookie: string, baseURL: string): CookieToAdd {
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const equals = pair.indexOf("=");
  const cookie: CookieToAdd = {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    domain: new URL(baseURL).hostname,
    path: "/",
  };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split("=");
    switch (key.toLowerCase()) {
      case "path":
        cookie.path = value;
        break;
      case "expires":
        cookie.expires = Math.floor(new Date(value).getTime() / 1000);
        break;
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "secure":
        cookie.secure = true;
        break;
      case "samesite":
        cookie.sameSite = (value.charAt(0).toUpperCase() + value.slice(1).toLowerCase()) as CookieToAdd["sameSite"];
        break;
    }
  }
  return cookie;
}

type Fixtures = {
  /** Inserts a user (a customer unless `role` says otherwise) straight into the database. */
  insertNewUser(options?: NewUserOptions): Promise<NewUser>;
  /**
   * Logs the page's browser context in: a new user (or the given one) gets a session row and
   * the signed session cookie, exactly as a login through the form would leave them.
   */
  login(options?: NewUserOptions | { user: NewUser }): Promise<NewUser>;
  /** The newest e-mail the shop queued for `to` in its outbox, or null. */
  latestEmailTo(to: string): Promise<{ subject: string; text: string; html: string } | null>;
  /** A paid, delivered order of `userId` holding one piece of each product (the user becomes a buyer). */
  paidOrder(userId: string, productIds: number[]): Promise<{ id: number; total: number }>;
  /** Records what the browser said; a failed test gets it attached (see `browserDiagnostics`). */
  browserDiagnostics: void;
};

export const test = base.extend<Fixtures, { app: AppModules }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const app = await loadAppModules();
      await use(app);
      await app.prisma.$disconnect();
    },
    { scope: "worker" },
  ],

  insertNewUser: async ({ app }, use, testInfo) => {
    await use(async ({ role = "customer", name, password = "secreto123" } = {}) => {
      const email = uniqueEmail(testInfo, role);
      const userName = name ?? `Prueba ${role} ${testInfo.workerIndex}`;
      const user = await app.createUser({ email, name: userName, password, role });
      return { id: user.id, email, name: userName, password, role };
    });
  },

  login: async ({ app, page, baseURL, insertNewUser }, use) => {
    await use(async (options = {}) => {
      const user = "user" in options ? options.user : await insertNewUser(options);
      const origin = baseURL ?? e2eBaseUrl();
      const request = new Request(origin, { headers: { "User-Agent": "Playwright end-to-end tests" } });
      const setCookie = await app.createUserSession(request, user.id);
      await page.context().addCookies([cookieFromSetCookie(setCookie, origin)]);
      return user;
    });
  },

  paidOrder: async ({ app }, use) => {
    await use((userId, productIds) => app.createOrder({ userId, productIds }));
  },

  browserDiagnostics: [
    async ({ page }, use, testInfo) => {
      const started = Date.now();
      const lines: string[] = [];
      const note = (line: string) => lines.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
      page.on("pageerror", (error) => note(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          note(`console ${message.type()}: ${message.text()}`);
      });
      page.on("requestfailed", (request) =>
        note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`),
      );
      page.on("crash", () => note("the page crashed"));
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const probe = await probePage(page);
      note(
        `page: ${page.isClosed() ? "closed" : page.url()}; script: ${probe.script}; animation frames: ${probe.frames}`,
      );
      await testInfo.attach("browser", { body: lines.join("\n"), contentType: "text/plain" });
      if (probe.stalled) {
        const body = "The page gave no animation frames: a retry that passes excuses this failure.";
        await testInfo.attach(RENDERER_STALL, { body, contentType: "text/plain" });
      }
    },
    { auto: true },
  ],

  latestEmailTo: async ({ app }, use) => {
    await use((to) =>
      app.prisma.outboxEmail.findFirst({
        where: { to },
        orderBy: { createdAt: "desc" },
        select: { subject: true, text: true, html: true },
      }),
    );
  },
});

/**
 * Puts `quantity` of a piece without sizes in the signed-in page's cart with the cart form's own post (as
 * without JavaScript); the shop answers it with a redirect.
 */
export async function addToCart(page: Page, baseURL: string | undefined, productId: number, quantity = 1) {
  const response = await page.request.post("/cart", {
    form: {
      intent: "add",
      productId: String(productId),
      variantId: "",
      quantity: String(quantity),
      redirectTo: "/cart",
    },
    headers: { Origin: baseURL ?? "" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * Waits until React has hydrated the page (the root marks `<html data-hydrated>`), so a click on
 * a JavaScript-enhanced link opens the modal, drawer or overlay instead of following the link.
 */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Waits for the page's finite transitions and animations (a button leaving its disabled look, a step
 * fading in) to end: axe measures colour contrast on what is painted, and a loaded machine would
 * otherwise catch them half-way. Endless ones (a pulsing "Cargando…") are not waited for.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
