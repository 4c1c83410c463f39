#!/usr/bin/env node
// `npm run bench:cart-part`: the CPU a signed-in /cart's own part costs to render, per response, for
// carts of 0, 2 and 5 lines (app/utils/cart-hole.server.tsx, docs/decisions/069 and 071). It bundles that
// module as the production build does (esbuild, React's production build) and times it in one process:
// no database, no HTTP, so the figure does not move with the host's other work the way the `/cart` rows
// of `npm run bench` do. CART_PART_RUNS (5,000) renders per cart, in 5 rounds taking turns, after 1,000
// each to warm up. Prints figures; not a test.
import { build } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "../../scripts/lib/database.mjs";

const RUNS = Number(process.env.CART_PART_RUNS ?? 5_000);
// In the repository's node_modules, so that the bundle's packages resolve from there.
const bundle = path.join(root, "node_modules/.cache/cart-part.mjs");
await build({
  entryPoints: [path.join(root, "app/utils/cart-hole.server.tsx")],
  outfile: bundle,
  bundle: true,
  platform: "node",
  format: "esm",
  jsx: "automatic",
  packages: "external",
  alias: { "~": path.join(root, "app") },
  loader: { ".svg": "file" },
  define: { "process.env.NODE_ENV": '"production"' },
  absWorkingDir: root,
  logLevel: "error",
});
process.env.NODE_ENV = "production";
process.env.DATABASE_URL ??= "postgresql://bench@127.0.0.1/bench";
process.env.SESSION_SECRET ??= "cart-part-bench-secret-0123456789abcdef";
process.env.APP_ORIGIN ??= "http://localhost:3000";
const { cartPartHtml } = await import(pathToFileURL(bundle).href);

const line = (i) => ({
  lineKey: `p${i}`,
  productId: i,
  variantId: i % 2 ? i * 10 : null,
  name: `Anillo Aurora ${i}`,
  variantName: i % 2 ? "Talla 7" : null,
  material: "Oro amarillo 14k",
  image: `/images/products/anillo-${i}-320w.webp`,
  unitPrice: 3_000_00 + i * 100,
  stock: 5,
  quantity: 1 + (i % 2),
  lineTotal: (3_000_00 + i * 100) * (1 + (i % 2)),
});
const shopper = { user: { displayName: "Ana", role: null, email: "ana@example.test" }, cartCount: 3, flash: null };
const delivery = { from: "2026-12-01", to: "2026-12-03" };
const carts = [0, 2, 5].map((count) => {
  const lines = Array.from({ length: count }, (_, i) => line(i + 1));
  const cart = { lines, count: lines.reduce((n, l) => n + l.quantity, 0), total: 0 };
  return { count, data: { loggedIn: true, cart, coupon: null, loadError: null, confirmClear: false, delivery } };
});
// Every cart warmed up first, then rounds taking turns; the median round of each.
for (const { data } of carts) for (let i = 0; i < 1_000; i += 1) cartPartHtml(data, shopper);
const rounds = new Map(carts.map(({ count }) => [count, []]));
for (let round = 0; round < 5; round += 1) {
  for (const { count, data } of carts) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < RUNS / 5; i += 1) cartPartHtml(data, shopper);
    rounds.get(count).push(Number(process.hrtime.bigint() - started) / 1_000 / (RUNS / 5));
  }
}
console.log(`Signed-in /cart's part, rendered alone (${RUNS} renders a cart, React's production build):`);
for (const [count, micros] of rounds) {
  const median = [...micros].sort((a, b) => a - b)[2];
  console.log(`  ${count} lines: ${median.toFixed(0)} µs a render (median of 5 rounds)`);
}
