import { beforeEach, describe, expect, it } from "vitest";
import { MATRIX_FIELDS, MATRIX_MESSAGES, MATRIX_SIZES, type MatrixRow } from "~/lib/options-matrix";
import { PRICE_MESSAGES } from "~/lib/validation/admin-product";
import { addToCart } from "~/models/cart.server";
import { getProductDetail } from "~/models/product.server";
import { action as editAction } from "~/routes/admin.productos.$id";
import { action as stateAction, loader as stateLoader } from "~/routes/admin.productos.$id_.estado";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder, staffSession } from "./admin-fixtures";
import { settle } from "./auth-helpers";

/**
 * The product editor's options matrix and its Archivar / Restaurar (issue 37), through the routes'
 * own actions as the browser posts them without JavaScript.
 */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

type Product = Awaited<ReturnType<typeof createProduct>>;
type Answer = {
  initialValue: { variants: MatrixRow[] };
  matrix: { errors: Record<string, string>; notice: string | null; values: { prices: Record<string, string> } };
};

/** The edit form of `product` with its variant `rows`, plus `extra` fields (repeated names allowed). */
function editForm(product: Product, rows: readonly Partial<MatrixRow>[], extra: [string, string][], cookie: string) {
  const body = new FormData();
  const fields: Record<string, string> = {
    name: product.name,
    description: product.description,
    material: product.material ?? "",
    categoryId: String(product.categoryId),
    inStock: "on",
    // As the editor posts its photos (a list field).
    "images[0]": product.image,
  };
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) if (value !== undefined) body.set(`variants[${i}].${key}`, value);
  });
  for (const [key, value] of extra) body.append(key, value);
  return new Request(`http://localhost/admin/productos/${product.id}`, {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", Cookie: cookie },
  });
}

const edit = (request: Request, id: number) =>
  settle(() => editAction({ request, params: { id: String(id) }, context: {} }));

/** The matrix of the issue: three golds × the nine whole sizes, one price per metal. */
function matrixFields(over: Record<string, string> = {}, photo?: string): [string, string][] {
  const prices: Record<string, string> = {
    [MATRIX_FIELDS.price("oro-amarillo")]: "12500",
    [MATRIX_FIELDS.price("oro-blanco")]: "13900.50",
    [MATRIX_FIELDS.price("oro-rosa")]: "14,900",
    ...over,
  };
  return [
    ["intent", "matrix"],
    ...(["oro-amarillo", "oro-blanco", "oro-rosa"] as const).map((m): [string, string] => [MATRIX_FIELDS.metal, m]),
    ...MATRIX_SIZES.map((s): [string, string] => [MATRIX_FIELDS.size, s]),
    ...Object.entries(prices),
    ...(photo ? [[MATRIX_FIELDS.image("oro-rosa"), photo] as [string, string]] : []),
  ];
}

describe("the options matrix", () => {
  it("generates 3 metals × 9 sizes as 27 rows, keeps the existing ones (never twice), and saves them", async () => {
    const admin = await staffSession("admin");
    const shopper = await createUser();
    const product = await createProduct({ name: "Anillo Aurora", material: "Oro blanco 14k", stock: 0 });
    const variant = (model: string, size: string, stock: number, sortOrder: number) =>
      prisma.variant.create({
        data: {
          productId: product.id,
          name: `${model} · Talla ${size}`,
          model,
          size,
          price: 1_000_00,
          stock,
          sortOrder,
        },
      });
    const seven = await variant("Oro blanco", "7", 4, 0);
    const thirteen = await variant("Oro blanco", "13", 1, 1);
    const plata = await variant("Plata", "5", 2, 2);
    await createOrder({
      userId: shopper.id,
      status: "entregado",
      items: [{ productId: product.id, variantId: thirteen.id, quantity: 1 }],
    });
    const rows = [seven, thirteen, plata].map((v) => ({
      id: String(v.id),
      model: v.model!,
      size: v.size!,
      price: "1000.00",
      stock: String(v.stock),
      stockLoaded: String(v.stock),
    }));

    // Generar combinaciones: nothing written, the form comes back with one row per cell.
    const generated = await edit(editForm(product, rows, matrixFields({}, product.image), admin.cookie), product.id);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const answer = generated.body as Answer;
    const cells = answer.initialValue.variants;
    expect(cells).toHaveLength(27);
    expect(new Set(cells.map((c) => `${c.model}|${c.size}`)).size).toBe(27);
    expect(cells.filter((c) => c.id === String(seven.id))).toEqual([
      { ...rows[0], material: "", originalPrice: "", image: "", price: "13900.50" },
    ]);
    expect(cells.filter((c) => c.model === "Oro rosa").every((c) => c.image === product.image)).toBe(true);
    expect(cells.find((c) => c.model === "Oro amarillo")).toMatchObject({ material: "Oro amarillo 14k", stock: "0" });
    expect(answer.matrix.notice).toContain("27 combinaciones: 26 nuevas y 1 que ya existía.");
    expect(answer.matrix.notice).toContain(
      "Se quitarán 2 que no están en la matriz (Oro blanco · Talla 13, Plata · Talla 5)",
    );
    expect(await prisma.variant.count({ where: { productId: product.id } })).toBe(3);

    // Staff type the stock per cell and save: the usual save, validated again by the server.
    const typed = cells.map((c, i) => ({ ...c, stock: c.id ? c.stock : String(i % 3) }));
    const saved = await edit(editForm(product, typed, [], admin.cookie), product.id);
    expect(saved.status, JSON.stringify(saved.body)).toBe(302);
    const active = await prisma.variant.findMany({ where: { productId: product.id, archivedAt: null } });
    expect(active).toHaveLength(27);
    expect(active.filter((v) => v.model === "Oro blanco" && v.size === "7").map((v) => [v.id, v.stock])).toEqual([
      [seven.id, 4],
    ]);
    expect(new Set(active.filter((v) => v.model === "Oro rosa").map((v) => v.price))).toEqual(new Set([14_900_00]));
    expect(new Set(active.filter((v) => v.model === "Oro blanco").map((v) => v.price))).toEqual(new Set([13_900_50]));
    // The size with an order is archived, the one never ordered deleted; the stock is the sum.
    expect((await prisma.variant.findUniqueOrThrow({ where: { id: thirteen.id } })).archivedAt).not.toBeNull();
    expect(await prisma.variant.findUnique({ where: { id: plata.id } })).toBeNull();
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(stored.stock).toBe(active.reduce((sum, v) => sum + v.stock, 0));
    expect(stored.price).toBe(12_500_00);
    expect((await getProductDetail(product.id))?.variants).toHaveLength(27);

    // Generating again from what is stored adds nothing.
    const again = await edit(
      editForm(
        product,
        active
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((v) => ({ id: String(v.id), model: v.model!, size: v.size!, price: "1", stock: String(v.stock) })),
        matrixFields(),
        admin.cookie,
      ),
      product.id,
    );
    expect(again.status).toBe(200);
    expect((again.body as Answer).initialValue.variants.filter((c) => !c.id)).toEqual([]);
    expect((again.body as Answer).matrix.notice).toContain("27 combinaciones: 0 nuevas y 27 que ya existían.");
  });

  it("refuses a matrix the server must not take, with Spanish errors next to the fields and the values kept", async () => {
    const admin = await staffSession("admin");
    const product = await createProduct({ name: "Anillo Brisa" });
    const row = { model: "Plata", size: "6", price: "900", stock: "3" };
    const refused = await edit(
      editForm(
        product,
        [row],
        [
          ...matrixFields({ [MATRIX_FIELDS.price("oro-blanco")]: "0", [MATRIX_FIELDS.price("oro-rosa")]: "" }),
          [MATRIX_FIELDS.image("oro-amarillo"), "https://elsewhere.example/x.jpg"],
        ],
        admin.cookie,
      ),
      product.id,
    );
    expect(refused.status).toBe(400);
    const answer = refused.body as Answer;
    expect(answer.matrix.errors).toEqual({
      [MATRIX_FIELDS.price("oro-blanco")]: PRICE_MESSAGES.positive,
      [MATRIX_FIELDS.price("oro-rosa")]: PRICE_MESSAGES.required,
      [MATRIX_FIELDS.image("oro-amarillo")]: MATRIX_MESSAGES.imageUnknown,
    });
    expect(answer.matrix.values.prices).toMatchObject({ "oro-amarillo": "12500", "oro-blanco": "0" });
    expect(answer.initialValue.variants).toEqual([row]);

    // 4 metals × 16 sizes: more than the 60 variants a product may have.
    const many = await edit(
      editForm(
        product,
        [],
        [
          ...matrixFields({ [MATRIX_FIELDS.price("plata")]: "900" }),
          [MATRIX_FIELDS.metal, "plata"],
          [MATRIX_FIELDS.otherSizes, "4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5"],
        ],
        admin.cookie,
      ),
      product.id,
    );
    expect(many.status).toBe(400);
    expect((many.body as Answer).matrix.errors).toEqual({ [MATRIX_FIELDS.metal]: MATRIX_MESSAGES.tooMany(64) });
    expect(await prisma.variant.count()).toBe(0);
  });
});

describe("another metal staff name", () => {
  it("generates its rows with its own price and material, refuses it unnamed, and keeps it when generating again", async () => {
    const admin = await staffSession("admin");
    const product = await createProduct({ name: "Anillo Eterno", material: "Oro blanco 18k", stock: 0 });
    const fields = (otherMetal: string): [string, string][] => [
      ["intent", "matrix"],
      [MATRIX_FIELDS.metal, "oro-blanco"],
      [MATRIX_FIELDS.metal, "otro"],
      [MATRIX_FIELDS.otherMetal, otherMetal],
      [MATRIX_FIELDS.size, "5"],
      [MATRIX_FIELDS.size, "6"],
      [MATRIX_FIELDS.price("oro-blanco"), "13900"],
      [MATRIX_FIELDS.price("otro"), "21,500"],
    ];

    const unnamed = await edit(editForm(product, [], fields("  "), admin.cookie), product.id);
    expect(unnamed.status).toBe(400);
    expect((unnamed.body as Answer).matrix.errors).toEqual({
      [MATRIX_FIELDS.otherMetal]: MATRIX_MESSAGES.otherMetalRequired,
    });
    expect((unnamed.body as Answer).matrix.values.prices).toMatchObject({ otro: "21,500" });
    const listed = await edit(editForm(product, [], fields("oro BLANCO"), admin.cookie), product.id);
    expect((listed.body as Answer).matrix.errors).toEqual({
      [MATRIX_FIELDS.otherMetal]: MATRIX_MESSAGES.otherMetalListed,
    });

    const generated = await edit(editForm(product, [], fields("platino"), admin.cookie), product.id);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const cells = (generated.body as Answer).initialValue.variants;
    expect(cells.map((c) => [c.model, c.size, c.material, c.price])).toEqual([
      ["Oro blanco", "5", "", "13900.00"],
      ["Oro blanco", "6", "", "13900.00"],
      ["Platino", "5", "Platino", "21500.00"],
      ["Platino", "6", "Platino", "21500.00"],
    ]);
    const saved = await edit(
      editForm(
        product,
        cells.map((c) => ({ ...c, stock: "2" })),
        [],
        admin.cookie,
      ),
      product.id,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(302);
    const active = await prisma.variant.findMany({ where: { productId: product.id }, orderBy: { sortOrder: "asc" } });
    expect(active.filter((v) => v.model === "Platino").map((v) => [v.size, v.price, v.material])).toEqual([
      ["5", 21_500_00, "Platino"],
      ["6", 21_500_00, "Platino"],
    ]);

    // Generating again without the other metal named keeps nothing of it: the rows would go, and the
    // notice says so before anything is saved.
    const rows = active.map((v) => ({ id: String(v.id), model: v.model!, size: v.size!, price: "1", stock: "2" }));
    const without = await edit(
      editForm(
        product,
        rows,
        fields("").filter(([name, value]) => value !== "otro" && name !== MATRIX_FIELDS.otherMetal),
        admin.cookie,
      ),
      product.id,
    );
    expect((without.body as Answer).matrix.notice).toContain("Se quitarán 2 que no están en la matriz");
    expect(await prisma.variant.count({ where: { productId: product.id } })).toBe(4);
  });
});

describe("Archivar / Restaurar", () => {
  it("archives and restores with their own intents, each audited, and refuses anything else", async () => {
    const admin = await staffSession("admin");
    const shopper = await createUser();
    const product = await createProduct({ name: "Collar Marea", stock: 3 });
    await addToCart(shopper.id, { productId: product.id, variantId: null, quantity: 1 });
    const post = (intent: string, query = "", cookie = admin.cookie) => {
      const body = new FormData();
      body.set("intent", intent);
      const request = new Request(`http://localhost/admin/productos/${product.id}/estado${query}`, {
        method: "POST",
        body,
        headers: { Origin: "http://localhost", Cookie: cookie },
      });
      return settle(() => stateAction({ request, params: { id: String(product.id) }, context: {} }));
    };
    const page = await settle(() =>
      stateLoader({
        request: new Request(`http://localhost/admin/productos/${product.id}/estado?accion=archivar`, {
          headers: { Cookie: admin.cookie },
        }),
        params: { id: String(product.id) },
        context: {},
      }),
    );
    expect(page.body).toMatchObject({ product: { archived: false }, back: `/admin/productos/${product.id}` });

    const archived = await post("archive");
    expect(archived.status).toBe(302);
    expect(archived.headers.get("Location")).toBe(`/admin/productos/${product.id}`);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).archivedAt).not.toBeNull();
    expect(await getProductDetail(product.id)).toBeNull();
    expect(await prisma.cartItem.count({ where: { productId: product.id } })).toBe(0);

    const restored = await post("restore", "?desde=lista");
    expect(restored.headers.get("Location")).toBe("/admin/productos");
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).archivedAt).toBeNull();
    expect((await getProductDetail(product.id))?.name).toBe("Collar Marea");
    // Restoring what is not archived changes nothing and writes no entry.
    expect((await post("restore")).status).toBe(302);
    const audits = await prisma.auditEntry.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } });
    expect(audits.map((a) => [a.action, (a.after as { archivedAt: string | null }).archivedAt === null])).toEqual([
      ["product_archive", false],
      ["product_restore", true],
    ]);

    expect((await post("delete")).status).toBe(400);
    const worker = await staffSession("worker");
    expect((await post("archive", "", worker.cookie)).status).toBeGreaterThanOrEqual(300);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).archivedAt).toBeNull();
  });
});
