import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { FORM, productEditForm, type RawResponse, send } from "./http-client";
import { httpLoginCookie } from "./admin-fixtures";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * The rendered-page cache (docs/decisions/023-rendered-html-cache.md) through the real HTTP server:
 * anonymous catalogue pages come from memory with a new CSP nonce each time, nothing personal is ever
 * stored or served from it, and a staff change shows on the next anonymous request.
 */

let shop: ShopServer;
beforeAll(async () => {
  shop = await startShopServer();
});
afterAll(async () => {
  await shop?.stop();
});
beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

const loginCookie = (role?: "admin") => httpLoginCookie(shop.url, role);

const nonceOf = (response: RawResponse) =>
  /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];

describe("the rendered-page cache", () => {
  it("serves an anonymous home from memory with a fresh nonce, differing only by it", async () => {
    await createProduct({ name: "Anillo Luna" });
    const first = await send(shop.url, { path: "/" });
    const second = await send(shop.url, { path: "/" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers["x-cache"]).toBe("hit");
    const [a, b] = [nonceOf(first), nonceOf(second)];
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(b).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
    expect(second.body).toContain(`nonce="${b}"`);
    expect(second.body).not.toContain(a);
    expect(second.body.replaceAll(b!, "")).toBe(first.body.replaceAll(a!, ""));
    expect(second.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(second.headers["cache-control"]).toMatch(/\bpublic\b/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("sends a browser the page kept in gzip, with that response's own nonce (decision 072)", async () => {
    const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    const plain = await send(shop.url, { path: "/" });
    const [first, second] = [
      await send(shop.url, { path: "/", headers: browser }),
      await send(shop.url, { path: "/", headers: browser }),
    ];
    for (const answer of [first, second]) {
      expect(answer.headers["x-cache"]).toBe("hit");
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
    }
    const pages = [first, second].map((answer) => gunzipSync(answer.bytes).toString("utf8"));
    const nonces = [first, second].map(nonceOf);
    expect(nonces[0]).not.toBe(nonces[1]);
    pages.forEach((page, i) => {
      expect(page).toContain(`nonce="${nonces[i]}"`);
      expect(page.replaceAll(nonces[i]!, "")).toBe(plain.body.replaceAll(nonceOf(plain)!, ""));
    });
    // Within a few per cent of compressing the whole page: each part between two nonces starts a new block.
    expect(first.bytes.length).toBeLessThan(gzipSync(pages[0]!).length * 1.05);
    // A client that takes only Brotli, or nothing, still gets a page it can read.
    const brotli = await send(shop.url, { path: "/", headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    const fromBrotli = brotliDecompressSync(brotli.bytes).toString("utf8");
    expect(fromBrotli.replaceAll(nonceOf(brotli)!, "")).toBe(plain.body.replaceAll(nonceOf(plain)!, ""));
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 from memory when the ETag matches, with no body", async () => {
    const first = await send(shop.url, { path: "/?categoria=rings" });
    const etag = String(first.headers.etag);
    const again = await send(shop.url, { path: "/?categoria=rings", headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe("");
  });

  it("never stores nor serves a page for a request with cookies", async () => {
    const cookie = await loginCookie();
    await send(shop.url, { path: "/search?q=anillo&pagina=1" });
    const loggedIn = await send(shop.url, { path: "/search?q=anillo&pagina=1", headers: { Cookie: cookie } });
    // The shopper's own page, assembled from the stored one (decision 046), never the stored page itself.
    expect(loggedIn.headers["x-cache"]).toBe("assembled");
    expect(loggedIn.headers["cache-control"]).toBe("private, no-store");
    expect(loggedIn.body).toContain("Cerrar Sesión");
    const anonymous = await send(shop.url, { path: "/search?pagina=1&q=anillo" });
    expect(anonymous.headers["x-cache"]).toBe("hit"); // the same address with its query in another order
    expect(anonymous.body).not.toContain("Cerrar Sesión");
  });

  it("does not keep a 404 or a page that is not public", async () => {
    for (const path of ["/producto/999999", "/no-existe", "/login"]) {
      await send(shop.url, { path });
      const again = await send(shop.url, { path });
      expect(again.headers["x-cache"], path).not.toBe("hit");
    }
  });

  it("shows a staff price edit on the next anonymous request", async () => {
    const product = await createProduct({ name: "Collar Sol", price: 1_000_00 });
    const path = `/producto/${product.id}`;
    await send(shop.url, { path });
    expect((await send(shop.url, { path })).headers["x-cache"]).toBe("hit");

    const cookie = await loginCookie("admin");
    const body = productEditForm(product, { price: "2,345" });
    const edit = await send(shop.url, {
      method: "POST",
      path: `/admin/productos/${product.id}`,
      body,
      headers: { ...FORM, Origin: shop.url, Cookie: cookie },
    });
    expect(edit.status, edit.body.slice(0, 300)).toBe(302);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).price).toBe(2_345_00);
    const after = await send(shop.url, { path });
    expect(after.headers["x-cache"]).toBe("miss");
    // $2,345 before IVA, shown with IVA (PRICES_INCLUDE_IVA's default): $2,720.20.
    expect(after.body).toContain("2,720.20");
  });
});
