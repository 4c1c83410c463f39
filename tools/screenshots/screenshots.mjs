#!/usr/bin/env node
// `npm run screenshots -- --base http://localhost:3000`: pictures of the storefront's main screens at
// 1280×900 (desktop) and 390×844 (phone) from a shop that is already running (this script starts
// nothing), into docs/screenshots/<screen>-<desktop|mobile>.png. Logs in as the seeded customer for
// the cart and checkout screens; if that customer's cart is empty it adds two pieces first, so the cart
// has lines, and if they have no earlier order it buys a gift first, so the checkout offers an address.
//
// Options: --base URL (default http://localhost:3000), --out DIR (default docs/screenshots),
// --full (whole pages instead of the first screenful), --only home,cart (some screens only).
// Uses Debian's Chromium (CHROMIUM_PATH to choose another).
//
// The staff's panel (admin-*.png) with --admin-email and the password in ADMIN_PASSWORD: an admin
// account made for the occasion with `npm run create-admin` against the shop's database (no seeded
// password). It buys a gift as the seeded customer through the real checkout and the payment
// simulator first, so the panel has a paid order (and its chart a bar); run it on a throwaway shop:
//   PORT=… PGLITE_PORT=… PGLITE_DATA_DIR=memory:// npm start
//   DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:<PGLITE_PORT>/postgres ADMIN_PASSWORD=… \
//     npm run create-admin -- --email capturas@example.mx
//   ADMIN_PASSWORD=… npm run screenshots -- --base http://localhost:<PORT> --admin-email capturas@example.mx --only admin
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CUSTOMER_ACCOUNT } from "../../prisma/seed-data.ts";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:3000" },
    out: { type: "string", default: "docs/screenshots" },
    full: { type: "boolean", default: false },
    only: { type: "string" },
    "admin-email": { type: "string" },
  },
});
const base = args.base.replace(/\/$/, "");
const only = args.only ? new Set(args.only.split(",")) : null;
// `--only admin` takes every admin-* screen and nothing else.
const adminOnly = only?.has("admin") ?? false;
const wanted = (name) => !only || only.has(name) || (adminOnly && name.startsWith("admin-"));

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
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--lang=es-MX"] });
fs.mkdirSync(args.out, { recursive: true });
const taken = [];

async function shoot(page, name, kind, { full = args.full } = {}) {
  if (!wanted(name)) return;
  const file = path.join(args.out, `${name}-${kind}.png`);
  // Let web fonts and lazy images settle so the picture shows the page as a shopper sees it.
  await page.evaluate(() => globalThis.document.fonts.ready);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({ path: file, fullPage: full, animations: "disabled" });
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

    if (!only || ["cart", "cart-delivery", "cart-drawer"].some((name) => only.has(name))) {
      await logIn(page);
      await fillCartIfEmpty(page);
      await page.goto(`${base}/cart`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await shoot(page, "cart", kind);
      // The order summary with its delivery estimate ("Llega entre …"): below the lines on a phone,
      // brought to the middle of the screen there.
      if (kind === "mobile") {
        await page.getByTestId("delivery-estimate").evaluate((el) => el.scrollIntoView({ block: "center" }));
      }
      await shoot(page, "cart-delivery", kind);
      await page.goto(`${base}/`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.locator('[data-action="open-cart"]').click();
      await page.locator("dialog[open]").waitFor();
      await page.waitForTimeout(400); // the drawer's slide-in
      await shoot(page, "cart-drawer", kind);
    }
    if (wanted("checkout-address")) await shootCheckoutAddress(device, kind);
    await context.close();
  }
  if (args["admin-email"] && (!only || adminOnly || [...only].some((name) => name.startsWith("admin-")))) {
    await shootAdmin();
  }
} finally {
  await browser.close();
}
console.log(taken.map((f) => `▸ ${f}`).join("\n"));

async function logIn(page, account = CUSTOMER_ACCOUNT, redirectTo = "/") {
  await page.goto(`${base}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Contraseña").fill(account.password);
  await Promise.all([
    page.waitForURL(`${base}${redirectTo}`),
    page.getByRole("button", { name: "Iniciar Sesión" }).click(),
  ]);
}

async function fillCartIfEmpty(page) {
  await page.goto(`${base}/cart`);
  if ((await page.getByTestId("cart-line").count()) > 0) return;
  for (const name of [WITH_MODELS, NECKLACE]) {
    await page.goto(`${base}${await productPath(page, name)}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // A size is chosen, never assumed (the cart refuses the add without one): the first one offered.
    const size = page.locator("#talla ul a").first();
    if ((await size.count()) > 0) {
      await size.click();
      await page.waitForURL(/[?&]talla=/);
    }
    const added = page.waitForResponse((r) => r.url().includes("/cart") && r.request().method() === "POST");
    await page.getByRole("button", { name: "AÑADIR AL CARRITO" }).first().click();
    await added;
  }
}

/**
 * The checkout's shipping step as a returning customer sees it: the address of their last order
 * offered and already in the form, and the gift options ticked with a message. The seeded customer
 * has no order of their own, so the first run buys a gift first (as the admin screens do).
 */
async function shootCheckoutAddress(device, kind) {
  const context = await browser.newContext({ ...device, locale: "es-MX", timezoneId: "America/Mexico_City" });
  const page = await context.newPage();
  await logIn(page);
  await fillCartIfEmpty(page);
  await page.goto(`${base}/checkout`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  if ((await page.getByTestId("saved-addresses").count()) === 0) {
    await buyAGift();
    await fillCartIfEmpty(page);
    await page.goto(`${base}/checkout`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
  const gift = page.getByTestId("gift-options");
  await gift.getByRole("checkbox").check();
  await gift.getByLabel("Mensaje para la tarjeta (opcional)").fill("¡Feliz cumpleaños, mamá! Te quiero mucho.");
  await page.locator(":focus").blur();
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await shoot(page, "checkout-address", kind, { full: true });
  await context.close();
}

/** The staff's panel at both widths, after one paid order with a gift message. */
async function shootAdmin() {
  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error("--admin-email needs the account's password in ADMIN_PASSWORD");
  const admin = { email: args["admin-email"], password };
  const number = await buyAGift();
  for (const [kind, device] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ ...device, locale: "es-MX", timezoneId: "America/Mexico_City" });
    const page = await context.newPage();
    await logIn(page, admin, "/admin");
    const screens = [
      { name: "admin-home", path: "/admin" },
      { name: "admin-products", path: "/admin/productos" },
      { name: "admin-new-product", path: "/admin/productos/nuevo", then: fillTwoMetalsThreeSizes },
      { name: "admin-order", path: `/admin/pedidos/${number}` },
      { name: "admin-packing-slip", path: `/admin/pedidos/${number}/empaque` },
      { name: "admin-export", path: "/admin/exportar" },
      { name: "admin-import", path: "/admin/importar", then: previewBadImport },
      { name: "admin-history", path: "/admin/historial" },
      { name: "admin-users", path: "/admin/usuarios", only: "mobile" },
    ];
    for (const screen of screens) {
      if (!wanted(screen.name) || (screen.only && screen.only !== kind)) continue;
      await page.goto(`${base}${screen.path}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await screen.then?.(page);
      // The panel's pages are read whole (the chart, the six variants, the import's errors).
      await shoot(page, screen.name, kind, { full: true });
    }
    await context.close();
  }
}

/** The seeded customer buys the ring as a gift through the checkout and pays with the test card. */
async function buyAGift() {
  const context = await browser.newContext({ ...VIEWPORTS.desktop, locale: "es-MX" });
  const page = await context.newPage();
  await logIn(page);
  await fillCartIfEmpty(page);
  await page.goto(`${base}/checkout`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.getByTestId("shipping-form");
  const address = {
    Nombre: "Lucía",
    Apellidos: "Ramírez Soto",
    "Colonia/Fraccionamiento": "Americana",
    "Calle y número": "Av. Chapultepec 480",
    Municipio: "Guadalajara",
    Teléfono: "+52 33 1234 5678",
    "Código postal": "44160",
  };
  for (const [label, value] of Object.entries(address)) await form.getByLabel(label).first().fill(value);
  await form.getByLabel("Estado").selectOption("Jalisco");
  const gift = page.getByTestId("gift-options");
  await gift.getByRole("checkbox").check();
  await gift.getByLabel("Mensaje para la tarjeta (opcional)").fill("¡Feliz aniversario, Lucía! Con todo mi amor, M.");
  await page.getByRole("button", { name: "Continuar al pago" }).click();
  await page.getByTestId("payment-step").waitFor();
  await page.getByRole("button", { name: "PAGAR" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(base) && !url.pathname.startsWith("/pay/")),
    page.getByRole("button", { name: "Pagar" }).click(),
  ]);
  await page.goto(`${base}/orders`);
  const text = await page.locator("main").innerText();
  await context.close();
  const number = text.match(/LJ\d+/)?.[0];
  if (!number) throw new Error("the paid order's number is not on /orders");
  return number;
}

/** A ring in two metals and three sizes, typed into the variant editor (nothing is saved). */
async function fillTwoMetalsThreeSizes(page) {
  await page.getByLabel("Nombre", { exact: true }).fill("Anillo Trenza Aurora");
  await page.getByLabel("Material", { exact: true }).first().fill("Oro 14k");
  const editor = page.getByTestId("variant-editor");
  const rows = editor.getByTestId("variant-row");
  const variants = [];
  for (const [metal, price] of [
    ["Oro amarillo 14k", "6890.00"],
    ["Oro blanco 14k", "7290.00"],
  ]) {
    for (const [i, size] of ["6", "7", "8"].entries()) variants.push({ metal, size, price, stock: String(2 + i) });
  }
  while ((await rows.count()) < variants.length) {
    const before = await rows.count();
    await editor.getByRole("button", { name: "+ Agregar variante" }).click();
    await rows.nth(before).waitFor();
  }
  for (const [i, v] of variants.entries()) {
    const row = rows.nth(i);
    await row.getByLabel("Modelo").fill(v.metal);
    await row.getByLabel("Talla").fill(v.size);
    await row.getByLabel("Precio (MXN)").fill(v.price);
    await row.getByLabel("Existencias").fill(v.stock);
  }
  // A whole-page picture from the top: no focus ring, and the sticky header where it belongs.
  await page.locator(":focus").blur();
  await page.evaluate(() => globalThis.scrollTo(0, 0));
}

/** A small CSV in the export's columns with three rows the import refuses, previewed (not applied). */
async function previewBadImport(page) {
  const header = (await page.request.get(`${base}/admin/exportar/catalogo.csv`).then((r) => r.text()))
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)[0];
  const columns = header.split(",");
  const row = (values) => columns.map((column) => values[column] ?? "").join(",");
  const good = {
    nombre: "Aretes Perla Bruma",
    categoria: "Pendientes",
    material: "Plata .925",
    en_venta: "sí",
    fotos: "/images/products/placeholder.svg",
  };
  const csv = [
    header,
    row({ ...good, precio: "1890.00", existencias: "4" }),
    row({ ...good, nombre: "", precio: "990.00", existencias: "2" }),
    row({ ...good, nombre: "Anillo Niebla", precio: "mil pesos", existencias: "1" }),
    row({ ...good, nombre: "Collar Rocío", categoria: "relojes", precio: "2490.00", existencias: "-3" }),
  ].join("\r\n");
  await page.getByLabel("Archivo CSV").setInputFiles({
    name: "catalogo-con-errores.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${csv}\r\n`, "utf8"),
  });
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/admin/importar") && r.request().method() === "POST"),
    page.getByRole("button", { name: "Revisar archivo" }).click(),
  ]);
  await page.waitForLoadState("networkidle");
}
