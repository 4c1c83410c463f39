import { beforeEach, describe, expect, it } from "vitest";
import { NO_FILTERS } from "~/lib/collection";
import { parseSearchParams } from "~/lib/search";
import { getCollection } from "~/models/collection.server";
import { searchCatalog } from "~/models/search.server";
import { action as editAction } from "~/routes/admin.productos.$id";
import { action as newAction } from "~/routes/admin.productos.nuevo";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { staffSession } from "./admin-fixtures";
import { callAction } from "./auth-helpers";

/** Occasion tags (issue 37): staff tick them in the product editor, the search understands them, collections filter. */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

/** The product form as a browser sends it: every ticked occasion, and the form's "-" among them. */
function productForm(path: string, cookie: string, fields: Record<string, string>, occasions: string[]) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const occasion of ["-", ...occasions]) body.append("occasions", occasion);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", Cookie: cookie },
  });
}

const RING = {
  name: "Anillo Estela",
  price: "2500",
  originalPrice: "",
  imageUrl: "https://cdn.example.test/estela.jpg",
  description: "Un anillo fino.",
  material: "Oro rosa 14k",
  categoryId: "1",
  stock: "3",
  inStock: "on",
};

const search = async (q: string) =>
  (await searchCatalog(parseSearchParams(new URLSearchParams({ q })))).products.map((p) => p.name);

describe("occasion tags", () => {
  it("are set in the product editor, found by the search and filtered by collections", async () => {
    const { cookie } = await staffSession("admin");
    const created = await callAction(
      newAction,
      productForm("/admin/productos/nuevo", cookie, RING, ["regalo-para-mama", "xv-anos"]),
    );
    expect(created.status).toBe(302);
    const ring = await prisma.product.findFirstOrThrow({ where: { name: "Anillo Estela" } });
    expect(ring.occasions.sort()).toEqual(["regalo-para-mama", "xv-anos"]);
    await createProduct({ name: "Anillo Sol", material: "Oro 14k", description: "Un anillo sencillo." });

    expect(await search("regalo para mamá")).toEqual(["Anillo Estela"]);
    expect(await search("XV AÑOS")).toEqual(["Anillo Estela"]);
    expect(await search("anillo quinceañera")).toEqual(["Anillo Estela"]);
    expect(await search("aniversario")).toEqual([]);
    const rings = await getCollection("rings", { ...NO_FILTERS, ocasion: "xv-anos" }, 1);
    expect(rings.products.map((p) => p.name)).toEqual(["Anillo Estela"]);
    expect(rings.total).toBe(1);

    // Edited: one occasion off, another on; none ticked clears them.
    const edit = async (occasions: string[]) => {
      const request = productForm(`/admin/productos/${ring.id}`, cookie, RING, occasions);
      try {
        return (await editAction({ request, params: { id: String(ring.id) }, context: {} })) as unknown as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    expect((await edit(["aniversario"])).status).toBe(302);
    expect(await search("aniversario")).toEqual(["Anillo Estela"]);
    expect(await search("regalo para mamá")).toEqual([]);
    expect((await getCollection("all", { ...NO_FILTERS, ocasion: "xv-anos" }, 1)).total).toBe(0);
    const audit = await prisma.auditEntry.findFirst({ where: { productId: ring.id, action: "product" } });
    expect(audit?.after).toMatchObject({ occasions: ["aniversario"] });
    expect((await edit([])).status).toBe(302);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: ring.id } })).occasions).toEqual([]);
  });

  it("refuses an occasion that does not exist, with the form's message", async () => {
    const { cookie } = await staffSession("admin");
    const outcome = await callAction(newAction, productForm("/admin/productos/nuevo", cookie, RING, ["boda<script>"]));
    expect(outcome.status).toBe(400);
    expect(await prisma.product.count()).toBe(0);
  });

  it("a search for something the shop does not sell says so: no correction, the featured pieces", async () => {
    await createProduct({ name: "Collar Rojo", description: "Rubí rojo.", isFeatured: true, categoryId: 2 });
    const found = await searchCatalog(parseSearchParams(new URLSearchParams({ q: "reloj" })));
    expect(found.products).toEqual([]);
    expect(found.suggestion).toBeNull();
    expect(found.featured.map((p) => p.name)).toEqual(["Collar Rojo"]);
  });
});
