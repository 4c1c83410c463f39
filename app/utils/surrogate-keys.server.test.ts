import { describe, expect, it } from "vitest";
import { pageKindOf } from "~/lib/page-kind";
import { EnvSchema } from "./env-schema.server";
import { varnishXkeyPurger } from "./varnish-purger.server";
import { type Captured, createRenderedPages } from "./rendered-pages.server";
import {
  collectingKeys,
  keysOfChange,
  keysOfHeaders,
  keysShownFor,
  recordShown,
  setSurrogateKeys,
} from "./surrogate-keys.server";

/** A public page as the render leaves it, tagged with the products it shows. */
const tagged = (...productIds: number[]): Captured => {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0" });
  setSurrogateKeys(headers, ["all", ...productIds.map((id) => `p${id}`)]);
  return { status: 200, headers: [...headers], body: Buffer.from("<p>Anillo</p>") };
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("surrogate keys", () => {
  it("collect each request's catalogue reads apart, however their loaders interleave", async () => {
    const [a, b] = [{}, {}];
    const loader = (context: object, ids: number[]) =>
      collectingKeys(context, async () => {
        for (const id of ids) {
          await tick();
          recordShown([id]);
        }
      });
    await Promise.all([loader(a, [3, 1]), loader(b, [2]), loader(a, [12])]);
    recordShown([99]); // outside any request: recorded nowhere
    expect(keysShownFor(a)).toEqual(["all", "p1", "p3", "p12"]);
    expect(keysShownFor(b)).toEqual(["all", "p2"]);
    expect(keysShownFor({})).toEqual(["all"]);
    expect(keysShownFor(undefined)).toEqual(["all"]);
  });

  it("name a change's products, or every page for a change to everything", () => {
    expect(keysOfChange({ productIds: [7, 8] })).toEqual(["p7", "p8"]);
    expect(keysOfChange("everything")).toEqual(["all"]);
    expect([...keysOfHeaders(tagged(4, 5).headers)]).toEqual(["all", "p4", "p5"]);
  });
});

describe("the rendered-page cache, by surrogate key", () => {
  it("forgets exactly the pages showing a changed product, and every page for everything", () => {
    const pages = createRenderedPages({ ttlMs: 60_000, originOf: () => "https://tienda.example" });
    pages.begin("product-1")(tagged(1, 2)); // product 1, with product 2 among the related
    pages.begin("grid")(tagged(1, 3, 4));
    pages.begin("search")(tagged(4));
    pages.begin("product-5")(tagged(5));
    // Rendering while the change commits: one showing the product sold may have read it before.
    const [late, lateSold] = [pages.begin("product-4"), pages.begin("related-1")];
    pages.invalidate(["p1"]);
    late(tagged(4));
    lateSold(tagged(6, 1));
    const kept = ["product-1", "grid", "search", "product-5", "product-4", "related-1"].filter((key) =>
      pages.answer(key, undefined),
    );
    expect(kept).toEqual(["search", "product-5", "product-4"]);
    pages.invalidate(["p2"]);
    expect(pages.size).toBe(3);
    pages.invalidate(["all"]);
    expect(pages.size).toBe(0);
  });

  it("does not store a rendering begun before more changes than it remembers", () => {
    const pages = createRenderedPages({ ttlMs: 60_000, originOf: () => "https://tienda.example" });
    const late = pages.begin("slow");
    for (let id = 100; id < 400; id += 1) pages.invalidate([`p${id}`]);
    late(tagged(4));
    const cleared = pages.begin("cleared");
    pages.clear();
    cleared(tagged(4));
    expect(pages.size).toBe(0);
  });

  it("hands a rendering kept out by a change to the requests that came before the change, not after", async () => {
    const pages = createRenderedPages({ ttlMs: 60_000, originOf: () => "https://tienda.example" });
    const store = pages.begin("grid");
    const before = pages.rendering("grid")!;
    pages.invalidate(["p1"]); // a sale while it renders
    const after = pages.rendering("grid")!;
    const page = store(tagged(1, 2));
    expect(page?.keys.has("p1")).toBe(true);
    expect(pages.stored("grid")).toBeNull();
    expect(await before).toBe(page);
    expect(pages.answerFrom("grid", (await before)!, undefined).status).toBe(200);
    expect(await after).toBeNull();
  });

  it("counts hits, misses and pages rendered again after their TTL", () => {
    let now = 0;
    const counted: string[] = [];
    const pages = createRenderedPages({
      ttlMs: 1_000,
      now: () => now,
      originOf: () => "https://tienda.example",
      count: (key, outcome) => counted.push(`${key} ${outcome}`),
    });
    expect(pages.answer("a", undefined)).toBeNull();
    pages.begin("a")(tagged(1));
    pages.answer("a", undefined);
    now = 1_000;
    expect(pages.answer("a", undefined)).toBeNull();
    pages.begin("a")(tagged(1));
    expect(counted).toEqual(["a miss", "a hit", "a stale"]);
  });

  it("names the kind of page of an address for the metrics", () => {
    const kinds = ["/", "/?categoria=rings&pagina=2", "/producto/12", "/search?q=oro", "/guia-de-tallas"].map((path) =>
      pageKindOf(`https://tienda.example${path}`),
    );
    expect(kinds).toEqual(["home", "category", "product", "search", "other"]);
  });
});

describe("the Varnish xkey purger", () => {
  it("sends PURGE with the keys to every address and fails when one does not confirm", async () => {
    const sent: string[] = [];
    const varnish = (status: number) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        sent.push(`${init?.method} ${String(url)} ${new Headers(init?.headers).get("xkey-purge")}`);
        return new Response("", { status: String(url).includes("caido") ? 503 : status });
      }) as typeof fetch;
    await varnishXkeyPurger(["http://cache-a:6081", "http://cache-b:6081"], varnish(200)).purge(["p1", "p2"]);
    expect(sent).toEqual(["PURGE http://cache-a:6081 p1 p2", "PURGE http://cache-b:6081 p1 p2"]);
    await expect(
      varnishXkeyPurger(["http://cache-a:6081", "http://caido:6081"], varnish(200)).purge(["all"]),
    ).rejects.toThrow("http://caido:6081 answered 503");
    const many = Array.from({ length: 1_200 }, (_, i) => `p${i}`);
    sent.length = 0;
    await varnishXkeyPurger(["http://cache-a:6081"], varnish(200)).purge(many);
    expect(sent).toHaveLength(3);
  });

  it("gives up on a cache that does not answer within its time", async () => {
    const silent = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      )) as typeof fetch;
    await expect(varnishXkeyPurger(["http://lento:6081"], silent, 50).purge(["p1"])).rejects.toThrow();
  });
});

describe("CACHE_PURGE_URL", () => {
  const parse = (value: string | undefined) => EnvSchema.shape.CACHE_PURGE_URL.safeParse(value);

  it("names the caches to purge, comma-separated; unset purges nothing", () => {
    expect(parse(undefined)).toMatchObject({ success: true, data: [] });
    expect(parse(" http://127.0.0.1:6081 , http://10.0.0.7:80/ ")).toMatchObject({
      success: true,
      data: ["http://127.0.0.1:6081", "http://10.0.0.7:80/"],
    });
  });

  it("refuses anything but http(s) addresses, naming the variable", () => {
    for (const value of ["127.0.0.1:6081", "ftp://cache", "http://"]) {
      const parsed = parse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message, value).toContain("CACHE_PURGE_URL");
    }
  });
});
