#!/usr/bin/env node
// `npm run screenshots -- --base http://localhost:3000`: pictures of the storefront's main screens at
// 1280×900 (desktop) and 390×844 (phone) from a shop that is already running (this script starts
// nothing), into docs/screenshots/<screen>-<desktop|mobile>.png. Logs in as the seeded customer for
// the cart screens; if that customer's cart is empty it adds two pieces first, so the cart has lines.
//
// Options: --base URL (default http://localhost:3000), --out DIR (default docs/screenshots),
// --full (whole pages instead of the first screenful), --only home,cart (some screens only).
// Uses Debian's Chromium (CHROMIUM_PATH to choose another).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CUSTOMER_ACCOUNT } from "../prisma/seed-data.ts";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:3000" },
    out: { type: "string", default: "docs/screenshots" },
    full: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const base = args.base.replace(/\/$/, "");
const only = args.only ? new Set(args.only.split(",")) : null;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/** Pieces the screens show, found by name so the script does not depend on database ids. */
const WITH_MODELS = "Anillo Solitario Aurora";
const SOLD_OUT = "Collar Amatista Lágrima";
const NECKLACE = "Collar Gota de Diamante";

/** Screens that need no account: a path, or a function that finds it. */
const PUBLIC_SCREENS = [
  { name: "home", path: async () => "/" },
  { name: "category", path: async () => "/?categoria=necklaces#productos" },
  { name: "product", path: (page) => productPath(page, WITH_MODELS) },
  { name: "product-sold-out", path: (page) => productPath(page, SOLD_OUT) },
  // Price bounds other than the defaults open the Filtros panel.
  { name: "search", path: async () => "/search?q=anillo&orden=precio-asc&min=1000&max=8000" },
  // Every word in any order, with the count; a typo and its correction; nothing found, with the
  // nearest search; nothing near (categories and featured pieces).
  { name: "search-results", path: async () => "/search?q=anillo%20de%20oro" },
  { name: "search-suggestion", path: async () => "/search?q=anilo" },
  { name: "search-empty-suggestion", path: async () => "/search?q=aretes%20de%20zafiro%20y%20rubi" },
  { name: "search-no-results", path: async () => "/search?q=reloj" },
  { name: "favorites", path: favoritesPath },
  { name: "favorites-empty", path: async () => "/favoritos" },
  { name: "size-guide", path: async () => "/guia-de-tallas" },
];

/** The dialogs over the ring's page: the size guide and the photo zoom. */
const DIALOGS = [
  { name: "size-guide-dialog", open: (page) => page.getByRole("link", { name: "Guía de tallas" }).click() },
  { name: "zoom", open: (page) => page.getByTestId("zoom-open").click() },
];

/** /favoritos listing three pieces, as the header's heart leads to it. */
async function favoritesPath(page) {
  const ids = [];
  for (const name of [WITH_MODELS, NECKLACE, SOLD_OUT]) ids.push((await productPath(page, name)).split("/").pop());
  return `/favoritos?piezas=${ids.join(",")}`;
}

async function productPath(page, name) {
  await page.goto(`${base}/search?q=${encodeURIComponent(name)}`);
  const href = await page.locator('[data-testid="product-card"] a[href^="/producto/"]').first().getAttribute("href");
  if (!href) throw new Error(`"${name}" not found on ${base}`);
  return href.split("?")[0];
}

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
fs.mkdirSync(args.out, { recursive: true });
const taken = [];

async function shoot(page, name, kind) {
  if (only && !only.has(name)) return;
  const file = path.join(args.out, `${name}-${kind}.png`);
  // Let web fonts and lazy images settle so the picture shows the page as a shopper sees it.
  await page.evaluate(() => globalThis.document.fonts.ready);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({ path: file, fullPage: args.full, animations: "disabled" });
  taken.push(file);
}

try {
  for (const [kind, device] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ ...device, locale: "es-MX", timezoneId: "America/Mexico_City" });
    const page = await context.newPage();
    for (const screen of PUBLIC_SCREENS) {
      if (only && !only.has(screen.name)) continue;
      const target = await screen.path(page);
      await page.goto(`${base}${target}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await shoot(page, screen.name, kind);
    }

    if (!only || only.has("search-overlay")) {
      await page.goto(`${base}/`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.locator('[data-action="open-search"]').first().click();
      const dialog = page.getByRole("dialog", { name: "Buscar Productos" });
      await dialog.getByRole("searchbox").fill("pulcera");
      await dialog.getByText("¿Quisiste decir").waitFor();
      await shoot(page, "search-overlay", kind);
    }

    for (const dialog of DIALOGS) {
      if (only && !only.has(dialog.name)) continue;
      await page.goto(`${base}${await productPath(page, WITH_MODELS)}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await dialog.open(page);
      await page.locator("dialog[open]").waitFor();
      await shoot(page, dialog.name, kind);
    }

    if (!only || only.has("cart") || only.has("cart-drawer")) {
      await logIn(page);
      await fillCartIfEmpty(page);
      await page.goto(`${base}/cart`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await shoot(page, "cart", kind);
      await page.goto(`${base}/`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.locator('[data-action="open-cart"]').click();
      await page.locator("dialog[open]").waitFor();
      await page.waitForTimeout(400); // the drawer's slide-in
      await shoot(page, "cart-drawer", kind);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(taken.map((f) => `▸ ${f}`).join("\n"));

async function logIn(page) {
  await page.goto(`${base}/login?redirectTo=%2F`);
  await page.getByLabel("Email").fill(CUSTOMER_ACCOUNT.email);
  await page.getByLabel("Contraseña").fill(CUSTOMER_ACCOUNT.password);
  await Promise.all([page.waitForURL(`${base}/`), page.getByRole("button", { name: "Iniciar Sesión" }).click()]);
}

async function fillCartIfEmpty(page) {
  await page.goto(`${base}/cart`);
  if ((await page.getByTestId("cart-line").count()) > 0) return;
  for (const name of [WITH_MODELS, NECKLACE]) {
    await page.goto(`${base}${await productPath(page, name)}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const added = page.waitForResponse((r) => r.url().includes("/cart") && r.request().method() === "POST");
    await page.getByRole("button", { name: "AÑADIR AL CARRITO" }).first().click();
    await added;
  }
}
