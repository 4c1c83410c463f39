import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { routeDataOf } from "./page-data.server";
import { NONCE } from "./page-splice.server";

/** A page holding `value` as Remix writes its single-fetch data (one enqueue script, the nonce NONCE). */
async function pageWith(value: unknown): Promise<string> {
  const line = await new Response(encode(value)).text();
  const script = `<script nonce="${NONCE}">window.__remixContext.streamController.enqueue(${JSON.stringify(line)});</script>`;
  return `<html><body><p>Buscar</p>${script}</body></html>`;
}

const card = (id: number, name: string) => ({
  id,
  name,
  price: 1_500_00,
  originalPrice: null,
  stock: 0,
  isNew: false,
  variants: [{ id: id * 10, model: "Oro", size: null, price: 1_500_00, stock: 3, image: null }],
});

describe("a route's loader data read back from a rendered page", () => {
  it("decodes what turbo-stream wrote: shared entries, null, undefined, dates, special numbers", async () => {
    const shared = card(1, "Anillo Luna");
    const search = {
      params: { q: "luna", min: 0, max: 10_000, ofertas: false },
      list: { products: [shared, card(2, "Collar Luna")], featured: [shared], total: 2, suggestion: null },
      when: new Date("2026-11-28T02:00:00Z"),
      gone: undefined,
      odd: [Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
    };
    const html = await pageWith({
      loaderData: { root: { user: null, cartCount: 0 }, "routes/search": search },
      actionData: null,
      errors: null,
    });
    expect(routeDataOf(html, "routes/search")).toEqual(search);
    expect(routeDataOf(html, "root")).toEqual({ user: null, cartCount: 0 });
    expect(routeDataOf(html, "routes/producto.$id")).toBeUndefined();
  });

  it("refuses what a loader's database values never are, and pages without one data script", async () => {
    const withMap = await pageWith({ loaderData: { "routes/search": { seen: new Map([[1, 2]]) } } });
    expect(routeDataOf(withMap, "routes/search")).toBeUndefined();
    const plain = await pageWith({ loaderData: { "routes/search": { q: "x" } } });
    expect(routeDataOf(plain.replace("<p>", plain), "routes/search")).toBeUndefined();
    expect(routeDataOf("<html></html>", "routes/search")).toBeUndefined();
  });
});
