import { readFile } from "node:fs/promises";
import type { Locator } from "@playwright/test";
import { csvLine, decodeCsvFile, parseCsv } from "~/lib/csv";
import { formatMoney } from "~/lib/money";
import { CHART } from "~/lib/sales-chart";
// Only its type: importing the module itself would open a client before the fixtures point it at the e2e database.
import type { prisma as prismaClient } from "~/utils/db.server";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The panel's numbers and files in the browser, with and without JavaScript: the home's chart drawn
 * from a seeded month of orders (its bars against the SQL day totals), the catalogue export uploaded
 * back to the import (nothing changes), and an import with three bad rows (nothing written, the three
 * errors listed). The e2e database is shared with every other spec running at the same time: the
 * checks that read the whole shop retry until they see it between two writers.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("staff data in the browser", () => {
  // Seeding a month of orders and reading whole-shop snapshots: more than the default on a busy machine.
  test.beforeEach(() => test.slow());

  test("the home's chart draws each day's sales as SQL sums them from a seeded month of orders", async ({
    page,
    login,
    insertNewUser,
    app,
  }) => {
    // Loaded after the `app` fixture has pointed the app's modules at the e2e server's database.
    const { createMonthOfOrders, salesBySql } = await import("../month-of-orders");
    const customer = await insertNewUser();
    const product = await app.prisma.product.create({
      data: { name: `Anillo Gráfica ${unique()}`, price: 2_345_00, image: "/images/products/placeholder.svg" },
    });
    const ids = await createMonthOfOrders({
      userId: customer.id,
      products: [{ productId: product.id, name: product.name, price: product.price }],
      // Order numbers unique across both projects and reruns on one server.
      prefix: `LJ${unique().toUpperCase()}`,
    });
    expect(ids.length).toBeGreaterThan(20);

    await login({ role: "worker" });
    // Other specs pay for orders meanwhile: read the page and the SQL again until both saw the same orders.
    await expect(async () => {
      await page.goto("/admin");
      const chart = page.getByTestId("sales-chart");
      const svg = chart.locator("svg[data-sales-top]");
      const salesTop = Number(await svg.getAttribute("data-sales-top"));
      const bars = await svg.locator("rect[data-day]").evaluateAll((rects) =>
        rects.map((r) => ({
          day: r.getAttribute("data-day")!,
          sales: Number(r.getAttribute("data-sales")),
          orders: Number(r.getAttribute("data-orders")),
          y: Number(r.getAttribute("y")),
          height: Number(r.getAttribute("height")),
          title: r.querySelector("title")?.textContent ?? "",
        })),
      );
      const tableRows = await chart
        .getByTestId("sales-table")
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent ?? "")));
      const sql = await salesBySql();

      expect(bars).toHaveLength(30);
      const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Mexico_City" }).format(new Date());
      expect(bars.at(-1)!.day).toBe(today);
      const plotHeight = CHART.height - CHART.top - CHART.bottom;
      for (const [i, bar] of bars.entries()) {
        const expected = sql.get(bar.day) ?? { sales: 0, orders: 0 };
        expect({ day: bar.day, sales: bar.sales, orders: bar.orders }).toEqual({ day: bar.day, ...expected });
        expect(bar.height, bar.day).toBeCloseTo((expected.sales / salesTop) * plotHeight, 1);
        expect(bar.y + bar.height, bar.day).toBeCloseTo(CHART.top + plotHeight, 1);
        expect(bar.title).toContain(formatMoney(expected.sales));
        // The screen readers' table says the same, day by day.
        expect(tableRows[i]).toEqual([formatMoney(expected.sales), String(expected.orders)]);
      }
    }).toPass({ timeout: 120_000 });
  });

  test("the catalogue export uploaded back to the import changes nothing", async ({ page, login, app }) => {
    await login({ role: "admin" });
    // Checkouts of other specs move stock meanwhile: retry until an export and its preview see one catalogue.
    await expect(async () => {
      const before = await catalogueSnapshot(app.prisma);
      await page.goto("/admin/exportar");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Descargar catálogo" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const file = await download.path();
      const rows = parseCsv(decodeCsvFile(new Uint8Array(await readFile(file))))!.rows.length;
      expect(rows).toBeGreaterThan(10);

      await page.goto("/admin/importar");
      await waitForHydration(page);
      await page.getByLabel("Archivo CSV").setInputFiles(file);
      await page.getByRole("button", { name: "Revisar archivo" }).click();
      const preview = page.getByTestId("import-preview");
      await expect(preview.getByText("El archivo no cambia nada del catálogo.")).toBeVisible();
      await expect(figure(preview, "Filas leídas")).toHaveText(String(rows));
      for (const label of ["Productos nuevos", "Productos que cambian", "Variantes nuevas", "Variantes que cambian"]) {
        await expect(figure(preview, label), label).toHaveText("0");
      }
      await expect(page.getByRole("button", { name: "Importar" })).toHaveCount(0);
      expect(await catalogueSnapshot(app.prisma)).toEqual(before);
    }).toPass({ timeout: 180_000 });
  });

  test("an import with 3 bad rows writes nothing and lists the 3 errors", async ({ page, login, app }) => {
    const suffix = unique();
    const bracelet = await app.prisma.product.create({
      data: { name: `Pulsera Importada ${suffix}`, price: 990_00, stock: 4, image: "/images/products/placeholder.svg" },
    });
    const ring = await app.prisma.product.create({
      data: {
        name: `Anillo Importado ${suffix}`,
        price: 3_500_00,
        image: "/images/products/placeholder.svg",
        variants: {
          create: [
            { name: "Talla 6", size: "6", price: 3_500_00, stock: 2, sortOrder: 1 },
            { name: "Talla 7", size: "7", price: 3_600_00, stock: 1, sortOrder: 2 },
          ],
        },
      },
    });
    const mine = [bracelet.id, ring.id];
    const snapshot = () =>
      Promise.all([
        app.prisma.product.findMany({ where: { id: { in: mine } }, orderBy: { id: "asc" } }),
        app.prisma.variant.findMany({ where: { productId: { in: mine } }, orderBy: { id: "asc" } }),
        app.prisma.auditEntry.count({ where: { productId: { in: mine } } }),
      ]);
    const before = await snapshot();

    await login({ role: "admin" });
    // The export's own rows of these two products (the import leaves what a file does not mention alone).
    const response = await page.request.get("/admin/exportar/catalogo.csv");
    const exported = parseCsv(decodeCsvFile(new Uint8Array(await response.body())))!;
    const col = (name: string) => exported.header.indexOf(name);
    const rows = exported.rows.filter((r) => mine.map(String).includes(r[col("producto_id")]!)).map((r) => [...r]);
    expect(rows).toHaveLength(3);
    // A good new product in the same file (a copy of the bracelet's row) is not written either.
    const newName = `Collar Nuevo ${suffix}`;
    rows.push(rows[0]!.map((cell, i) => (i === col("producto_id") ? "" : i === col("nombre") ? newName : cell)));
    rows[0]![col("en_venta")] = "quizá"; // line 2: the bracelet
    rows[1]![col("precio")] = "mil"; // line 3: the ring's size 6
    rows[2]![col("existencias")] = "-2"; // line 4: the ring's size 7
    const csv = [exported.header, ...rows].map((r) => csvLine(r)).join("\r\n");

    await page.goto("/admin/importar");
    await waitForHydration(page);
    await page
      .getByLabel("Archivo CSV")
      .setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    const errors = page.getByTestId("import-errors");
    await expect(errors.getByRole("heading")).toHaveText("El archivo tiene 3 errores: no se cambió nada");
    const listed = await errors
      .getByTestId("import-error")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
    expect(listed).toEqual([
      ["2", "En venta", "Escribe sí o no"],
      ["3", "Precio", expect.stringMatching(/precio/i)],
      ["4", "Existencias", "Escribe un número entero de piezas, 0 o más"],
    ]);
    await expect(page.getByRole("button", { name: "Importar" })).toHaveCount(0);

    expect(await snapshot()).toEqual(before);
    expect(await app.prisma.product.count({ where: { name: newName } })).toBe(0);
  });
});

type Prisma = typeof prismaClient;

/** One of the preview's counts, by its label. */
function figure(preview: Locator, label: string) {
  return preview.locator("div", { has: preview.page().getByText(label, { exact: true }) }).locator("dd");
}

/** Everything an import could write. */
async function catalogueSnapshot(prisma: Prisma) {
  const [products, variants, images, audit] = await Promise.all([
    prisma.product.findMany({ orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    prisma.variant.findMany({ orderBy: { id: "asc" } }),
    prisma.productImage.findMany({ orderBy: { id: "asc" } }),
    prisma.auditEntry.count({ where: { productId: { not: null } } }),
  ]);
  return { products, variants, images, audit };
}
