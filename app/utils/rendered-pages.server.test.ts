import { describe, expect, it } from "vitest";
import { type Captured, createRenderedPages, pageAddress } from "./rendered-pages.server";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const page = (overrides: Partial<Captured> = {}): Captured => ({
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["cache-control", "public, max-age=0, must-revalidate"],
    ["content-security-policy", `script-src 'self' 'nonce-${NONCE}'`],
    ["etag", 'W/"abc"'],
    ["vary", "Cookie"],
  ],
  body: Buffer.from(`<script nonce="${NONCE}">1</script><p>Anillo</p>`),
  ...overrides,
});
const get = (url: string, cookie?: string) => ({ method: "GET", url, cookie });

const SHOP = "https://tienda.example";
const originOf = () => SHOP;

describe("the rendered-page cache", () => {
  it("keys anonymous GET and HEAD requests by address with a sorted query, and nothing else", () => {
    const pages = createRenderedPages({ ttlMs: 1_000, originOf });
    expect(pages.keyOf(get("http://s/search?q=a&pagina=2"))).toBe(pages.keyOf(get("http://s/search?pagina=2&q=a")));
    expect(pages.keyOf(get("http://s/", "__joyeria_session=x"))).toBeNull();
    expect(pages.keyOf(get("http://s/", "_fbp=fb.1.2; __Host-joyeria_device=y"))).toBeNull();
    // A cookie the shop does not own changes nothing (decision 047).
    expect(pages.keyOf(get("http://s/", "_fbp=fb.1.2.3; _ga=GA1.1"))).toBe(pages.keyOf(get("http://s/")));
    expect(pages.keyOf({ method: "POST", url: "http://s/", cookie: undefined })).toBeNull();
    expect(createRenderedPages({ ttlMs: 0, originOf }).keyOf(get("http://s/"))).toBeNull();
  });

  it("keys on the configured origin and the path Remix renders, never on the request's host", () => {
    const pages = createRenderedPages({ ttlMs: 1_000, originOf });
    expect(pages.keyOf(get("http://evil.example:8080/producto/1?talla=7&modelo=A#x"))).toBe(
      `${SHOP}/producto/1?modelo=A&talla=7`,
    );
    // What the product page does not read, an ad-click id above all, is not part of its address.
    expect(pages.keyOf(get("http://s/producto/1?b=2&fbclid=IwAR1&utm_source=fb"))).toBe(`${SHOP}/producto/1`);
    expect(pageAddress("http://127.0.0.1:3000/search?q=anillo", originOf)).toBe(`${SHOP}/search?q=anillo`);
    // The URL Remix rendered for a `Host: tienda.example#` request was the search, and so is its key.
    expect(pageAddress("http://tienda.example/search?q=x#/", originOf)).toBe(`${SHOP}/search?q=x`);
    expect(pageAddress("http://localhost:3000/", (url) => url.origin)).toBe("http://localhost:3000/");
  });

  it("answers with a new nonce in the page and in the policy each time", () => {
    const pages = createRenderedPages({ ttlMs: 1_000, originOf });
    pages.begin("k")(page());
    const a = pages.answer("k", undefined)!;
    const b = pages.answer("k", undefined)!;
    const nonceOf = (answer: typeof a) => /'nonce-([^']+)'/.exec(answer.headers[2]![1])![1]!;
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.body).toBe(`<script nonce="${nonceOf(a)}">1</script><p>Anillo</p>`);
    expect(a.body).not.toContain(NONCE);
    expect(pages.answer("k", 'W/"abc"')).toEqual({
      status: 304,
      body: "",
      headers: [
        ["cache-control", "public, max-age=0, must-revalidate"],
        ["etag", 'W/"abc"'],
        ["vary", "Cookie"],
      ],
    });
  });

  it("stores only what a shared cache could keep", () => {
    const pages = createRenderedPages({ ttlMs: 1_000, originOf });
    const privately = page().headers.map(([n, v]): [string, string] => [n, n === "cache-control" ? "private" : v]);
    pages.begin("private")(page({ headers: privately }));
    pages.begin("cookie")(page({ headers: [...page().headers, ["set-cookie", "flash=1"]] }));
    pages.begin("missing")(page({ status: 404 }));
    expect(pages.size).toBe(0);
  });

  it("forgets pages on a change and after the TTL, and never stores a rendering begun before a change", () => {
    let now = 0;
    const pages = createRenderedPages({ ttlMs: 1_000, now: () => now, originOf });
    pages.begin("a")(page());
    const late = pages.begin("b");
    pages.clear();
    late(page());
    expect(pages.answer("a", undefined)).toBeNull();
    expect(pages.answer("b", undefined)).toBeNull();
    pages.begin("c")(page());
    now = 1_000;
    expect(pages.answer("c", undefined)).toBeNull();
  });

  it("lets concurrent misses wait for the one rendering under way", async () => {
    const pages = createRenderedPages({ ttlMs: 1_000, originOf });
    expect(pages.rendering("k")).toBeNull();
    const store = pages.begin("k");
    const waiting = pages.rendering("k");
    expect(waiting).not.toBeNull();
    store(page());
    await waiting;
    expect(pages.rendering("k")).toBeNull();
    expect(pages.answer("k", undefined)?.status).toBe(200);
    pages.begin("left")(null);
    expect(pages.rendering("left")).toBeNull();
  });
});
