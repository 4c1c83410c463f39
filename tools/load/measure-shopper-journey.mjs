#!/usr/bin/env node
// `node tools/load/measure-shopper-journey.mjs --base http://localhost:3000`: the figures issue 22 names,
// measured on a shop that is already running (this script starts nothing), in Debian's Chromium:
//   - phone cards (390 px): badges shown per card and the share of the photo's height they cover;
//   - Back after "Ver más" on a phone: pieces shown and the scroll position before and after;
//   - a page link without JavaScript: whether the grid's first card is on screen on arrival;
//   - the delivery estimate shown on a product page and in the cart's wording;
//   - /favoritos with 60 pieces: server time (median and worst of 20 requests).
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values: args } = parseArgs({ options: { base: { type: "string", default: "http://localhost:3000" } } });
const base = args.base.replace(/\/$/, "");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const figures = {};

try {
  const context = await browser.newContext({ ...phone, locale: "es-MX" });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Badges: the visible ones of every card of the first page, against the photo's height.
  figures.phoneBadges = await page.evaluate(() => {
    const rows = [...globalThis.document.querySelectorAll('[data-testid="product-card"]')].map((card) => {
      const image = card.querySelector("img")?.getBoundingClientRect();
      const badges = [...card.querySelectorAll("li[class^='badge']")].filter(
        (b) => b.getBoundingClientRect().height > 0,
      );
      const top = Math.min(...badges.map((b) => b.getBoundingClientRect().top));
      const bottom = Math.max(...badges.map((b) => b.getBoundingClientRect().bottom));
      return { shown: badges.length, covered: badges.length && image ? (bottom - top) / image.height : 0 };
    });
    return {
      cards: rows.length,
      withBadges: rows.filter((r) => r.shown > 0).length,
      mostBadgesOnOneCard: Math.max(...rows.map((r) => r.shown)),
      worstShareOfPhotoHeight: Math.max(...rows.map((r) => r.covered)).toFixed(3),
    };
  });

  // Back after Ver más: open a piece of page 2, come back.
  await page.getByRole("link", { name: "Ver más" }).click();
  await page.locator('[data-testid="product-card"]').nth(30).waitFor();
  const piece = page.locator('[data-testid="product-card"]').nth(30);
  await piece.scrollIntoViewIfNeeded();
  const before = { url: page.url(), scrollY: await page.evaluate(() => Math.round(globalThis.scrollY)) };
  await piece.locator("h3 a").click();
  await page.waitForURL(/\/producto\//);
  figures.deliveryEstimate = (await page.getByTestId("delivery-estimate").first().textContent())?.trim();
  await page.goBack();
  await page.waitForURL(/pagina=2/);
  await page.locator('[data-testid="product-card"]').nth(47).waitFor({ state: "attached" });
  figures.backAfterVerMas = {
    urlBefore: before.url.replace(base, ""),
    urlAfter: page.url().replace(base, ""),
    piecesAfter: await page.locator('[data-testid="product-card"]').count(),
    scrollYBefore: before.scrollY,
    scrollYAfter: await page.evaluate(() => Math.round(globalThis.scrollY)),
    documentHeight: await page.evaluate(() => globalThis.document.documentElement.scrollHeight),
  };
  await context.close();

  // Without JavaScript, a page link lands on the grid.
  const noJs = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(`${base}/?pagina=2#productos`);
  figures.pageLinkWithoutJs = {
    scrollY: await plain.evaluate(() => Math.round(globalThis.scrollY)),
    firstCardOnScreen: await plain.locator('[data-testid="product-card"]').first().isVisible(),
    firstCardTop: Math.round((await plain.locator('[data-testid="product-card"]').first().boundingBox())?.y ?? -1),
  };
  await noJs.close();

  // /favoritos with 60 ids (the most it lists): server time of the document.
  const times = [];
  const ids = Array.from({ length: 60 }, (_, i) => i + 1).join(",");
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/favoritos?piezas=${ids}`);
    await response.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  figures.favoritos60 = { medianMs: Math.round(times[10]), worstMs: Math.round(times.at(-1)) };
} finally {
  await browser.close();
}
console.log(JSON.stringify(figures, null, 2));
