import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { FORM, formBody, send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * What a request says about where it goes and who sent it — Host, X-Forwarded-Host/-Proto/-For,
 * X-Request-Id, its method — sent byte for byte to the production server (server/index.mjs,
 * APP_ORIGIN=https://tienda.example), as an attacker with curl or nc would (docs/decisions/029).
 * `shop` trusts loopback as its proxy: these tests play nginx on the same machine.
 */
let shop: ShopServer;

beforeAll(async () => {
  shop = await startShopServer({ TRUST_PROXY: "loopback" });
});

afterAll(async () => {
  await shop?.stop();
});

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

type RawAnswer = { status: number; head: string; body: string };

/** Sends `lines` (CRLF added, then an empty line) and reads the whole answer; the server closes after it. */
function raw(url: string, lines: string[]): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => {
      const [head = "", body = ""] = answer.split(/\r\n\r\n(.*)/s);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0), head, body });
    });
    socket.on("error", reject);
  });
}

const get = (path: string, ...headers: string[]) =>
  raw(shop.url, [`GET ${path} HTTP/1.1`, ...headers, "Connection: close"]);

describe("the rendered-page cache under a hostile Host", () => {
  const LURE = "TIENDA CERRADA compra en evil.example";
  const search = `/search?q=${encodeURIComponent(LURE)}`;

  it("a # in Host never files a search page under the home page or a product page", async () => {
    const product = await createProduct({ name: "Anillo Aurora" });
    const { host } = new URL(shop.url);
    const attempts: RawAnswer[] = [];
    for (const path of ["/", `/producto/${product.id}`]) {
      // The key was `http://` + Host + the path, so `Host: <host><path>#` made the search's own address
      // a fragment: the search page Remix rendered was kept under <path>.
      attempts.push(await get(search, `Host: ${host}${path}#`));
    }
    const home = await send(shop.url, { path: "/" });
    const piece = await send(shop.url, { path: `/producto/${product.id}` });
    expect(home.body).not.toContain(LURE);
    expect(piece.body).not.toContain(LURE);
    expect(piece.body).toContain("Anillo Aurora");
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toContain("La dirección solicitada no es válida.");
    }
  });

  it("an X-Forwarded-Host from the trusted proxy cannot do it either", async () => {
    const product = await createProduct({ name: "Anillo Aurora" });
    const { host } = new URL(shop.url);
    const attempts: RawAnswer[] = [];
    for (const path of ["/", `/producto/${product.id}`]) {
      // Remix's URL took its host from X-Forwarded-Host (with TRUST_PROXY): a path and a `#` there made it
      // render the search, while the key came from Host and the path asked for.
      attempts.push(await get(path, `Host: ${host}`, `X-Forwarded-Host: 127.0.0.1${search}#`));
    }
    expect((await send(shop.url, { path: "/" })).body).not.toContain(LURE);
    expect((await send(shop.url, { path: `/producto/${product.id}` })).body).not.toContain(LURE);
    for (const attempt of attempts) expect(attempt.status).toBe(400);
  });

  it("keys pages on the configured origin: any bare Host shares the page Remix renders for it", async () => {
    const product = await createProduct({ name: "Anillo Aurora" });
    const path = `/producto/${product.id}`;
    const first = await get(path, "Host: tienda.example");
    expect(first.status).toBe(200);
    const second = await get(path, "Host: otra-tienda.example:8080");
    expect(second.status).toBe(200);
    expect(second.head).toMatch(/X-Cache: hit/i);
    expect(second.body).toContain('href="https://tienda.example/producto/');
    expect(second.body).not.toContain("otra-tienda");
  });
});

describe("Host and X-Forwarded-* that are not a bare host[:port]", () => {
  it("are a Spanish 400, never a 5xx nor a page", async () => {
    const hosts = [
      "evil@127.0.0.1",
      "127.0.0.1#",
      "127.0.0.1/search",
      "127.0.0.1?q=1",
      "tienda mx",
      "tienda\\mx",
      "127.0.0.1:99999",
      "127.0.0.1:80x",
      "[::1",
      "a,b",
      "",
    ];
    for (const host of hosts) {
      const answer = await get("/", `Host: ${host}`);
      expect(answer.status, `Host: ${host}`).toBe(400);
      expect(answer.body, `Host: ${host}`).toContain("La dirección solicitada no es válida.");
    }
    const forwarded = ["a.example, b.example", "evil@a.example", "a.example#", "a.example/b", "a example"];
    for (const value of forwarded) {
      const answer = await get("/", "Host: 127.0.0.1", `X-Forwarded-Host: ${value}`);
      expect(answer.status, `X-Forwarded-Host: ${value}`).toBe(400);
    }
    const twice = await get("/", "Host: 127.0.0.1", "Host: evil.example");
    expect(twice.status).toBe(400);
    const forwardedTwice = await get(
      "/",
      "Host: 127.0.0.1",
      "X-Forwarded-Host: a.example",
      "X-Forwarded-Host: b.example",
    );
    expect(forwardedTwice.status).toBe(400);
    expect((await get("/", "Host: 127.0.0.1", "X-Forwarded-Proto: javascript")).status).toBe(400);
    // Not a path: an absolute URL or `*` as the target.
    expect((await get("http://evil.example/", "Host: 127.0.0.1")).status).toBe(400);
    expect((await get("*", "Host: 127.0.0.1")).status).toBe(400);
    expect((await raw(shop.url, ["GET / HTTP/1.0"])).status).toBe(400);
    expect(shop.output()).not.toMatch(/"level":"error"/);
    // Each one is in the access log, with its request id, for whoever looks for the probe.
    expect(shop.output()).toMatch(/"reqId":"[0-9A-F]{4}-[0-9A-F]{4}","method":"GET","path":"\/","status":400/);
  });

  it("let through what browsers and nginx send", async () => {
    for (const host of ["127.0.0.1", "localhost:3000", "[::1]:8080", "tienda.example", "TIENDA.example."]) {
      expect((await get("/healthz", `Host: ${host}`)).status, host).toBe(200);
    }
    const proxied = await get("/healthz", "Host: tienda.example", "X-Forwarded-Host: tienda.example:443");
    expect(proxied.status).toBe(200);
    expect((await get("/healthz", "Host: tienda.example", "X-Forwarded-Proto: https")).status).toBe(200);
  });
});

describe("methods the shop does not answer", () => {
  it("TRACE, PUT, DELETE, OPTIONS and WebDAV's are a Spanish 405, CONNECT too, never a 500", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "PURGE"]) {
      const answer = await raw(shop.url, [`${method} / HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"]);
      expect(answer.status, method).toBe(405);
      expect(answer.head, method).toMatch(/^Allow: GET, HEAD, POST$/im);
      expect(answer.body, method).toContain("Método no permitido");
    }
    expect(shop.output()).toMatch(/"method":"TRACE","path":"\/","status":405/);
    const connect = await raw(shop.url, ["CONNECT 127.0.0.1:22 HTTP/1.1", "Host: 127.0.0.1:22"]);
    expect(connect.status).toBe(405);
    expect(connect.body).toContain("Método no permitido");
    // Not a method at all to Node's parser: its Spanish 400.
    const track = await raw(shop.url, ["TRACK / HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]);
    expect(track.status).toBe(400);
    expect(track.body).toContain("Solicitud no válida");
    expect(shop.output()).not.toMatch(/"level":"error"/);
  });
});

describe("TRUST_PROXY names the proxies", () => {
  it("refuses to start with today's TRUST_PROXY=1, saying what to write instead", async () => {
    // The other values it refuses (true, 0.0.0.0/0, a host name…): trusted-proxies.server.test.ts.
    const started = startShopServer({ TRUST_PROXY: "1" });
    try {
      await expect(started).rejects.toThrow(
        /exited with 1:[\s\S]*TRUST_PROXY: "1" is a count of proxies.*TRUST_PROXY=loopback/,
      );
    } finally {
      // A server that did start (before the fix) is not left running.
      await started.then((server) => server.stop()).catch(() => undefined);
    }
  });

  describe("a request straight to the shop's port, not from the named proxy", () => {
    let direct: ShopServer;
    beforeAll(async () => {
      // The proxy is elsewhere: this test's connections (from 127.0.0.1) are not it.
      direct = await startShopServer({ TRUST_PROXY: "10.9.8.7,192.168.50.0/24" });
    });
    afterAll(async () => {
      await direct?.stop();
    });

    it("gets no fresh abuse-limit bucket from a forged X-Forwarded-For, nor its own request id", async () => {
      const register = (i: number) =>
        send(direct.url, {
          method: "POST",
          path: "/register",
          body: formBody({ name: "N", email: `n${i}@example.test`, password: "secreto1", confirmPassword: "secreto1" }),
          headers: { ...FORM, Origin: direct.url, "X-Forwarded-For": `203.0.113.${i}` },
        });
      for (let i = 0; i < 5; i++) expect((await register(i)).status).toBe(302);
      expect((await register(5)).status).toBe(429);
      expect(await prisma.user.count()).toBe(5);
      const forged = await send(direct.url, { path: "/healthz", headers: { "X-Request-Id": "FORGED-1" } });
      expect(forged.headers["x-request-id"]).not.toBe("FORGED-1");
      // From the proxy (here: loopback, trusted by `shop`) both are believed.
      const proxied = await send(shop.url, { path: "/healthz", headers: { "X-Request-Id": "nginx-1" } });
      expect(proxied.headers["x-request-id"]).toBe("nginx-1");
    });
  });
});
