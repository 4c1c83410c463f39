import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { FORM, formBody, send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * The attacks that used to work against the production build, each sent over HTTP to the real server
 * (server/index.mjs, NODE_ENV=production, APP_ORIGIN=https://tienda.example, TRUST_PROXY=loopback so the
 * tests can play several clients with X-Forwarded-For).
 */
let shop: ShopServer;
let origin: string;

beforeAll(async () => {
  shop = await startShopServer({ TRUST_PROXY: "loopback" });
  origin = shop.url;
});

afterAll(async () => {
  await shop.stop();
});

beforeEach(async () => {
  await resetDatabase();
});

const post = (path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) =>
  send(origin, { method: "POST", path, body: formBody(fields), headers: { ...FORM, Origin: origin, ...headers } });

async function loginCookie(email: string): Promise<string> {
  const response = await post("/login", { email, password: "secreto123" }, { "X-Forwarded-For": "198.51.100.77" });
  expect(response.status).toBe(302);
  return (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

describe("password-reset link poisoning through the Host header", () => {
  it("e-mails a link on APP_ORIGIN whatever Host and Origin the request names", async () => {
    await createUser({ email: "victima@example.test" });
    const response = await send(origin, {
      method: "POST",
      path: "/forgot-password",
      body: formBody({ email: "victima@example.test" }),
      headers: { ...FORM, Host: "evil.example", Origin: "http://evil.example" },
    });
    expect(response.status).toBe(200);
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { to: "victima@example.test" } });
    expect(email.text).toContain("https://tienda.example/reset-password?token=");
    expect(email.text + email.html).not.toContain("evil.example");
  });

  it("keeps the forged host out of canonical links, JSON-LD and the sitemap", async () => {
    await createCategories();
    const product = await createProduct();
    for (const path of ["/", `/producto/${product.id}`, "/sitemap.xml", "/robots.txt", "/search?q=prueba"]) {
      const response = await send(origin, {
        path,
        headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
      });
      expect(response.status, path).toBe(200);
      expect(response.body, path).not.toContain("evil.example");
    }
    const sitemap = await send(origin, { path: "/sitemap.xml", headers: { Host: "evil.example" } });
    expect(sitemap.body).toContain(`<loc>https://tienda.example/producto/${product.id}</loc>`);
  });
});

describe("open redirects", () => {
  const vectors = [
    "/\t/evil.example/steal",
    "/\t\\evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\r\nSet-Cookie: x=1",
    "/cart\u2028",
    "/ñandú\u0000",
    "https://evil.example",
  ];

  it.each(vectors)("login with redirectTo %j lands on the shop", async (redirectTo) => {
    await createUser({ email: "ana@example.test" });
    const response = await post("/login", { email: "ana@example.test", password: "secreto123", redirectTo });
    expect(response.status).toBeLessThan(500);
    if (response.status === 302) expect(response.headers.location).toMatch(/^\/(?!\/|\\)[\x21-\x7e]*$/);
    expect(response.headers.location ?? "/").not.toContain("evil.example");
  });

  it.each(vectors)("the login page with ?redirectTo=%j sends a logged-in visitor to the shop", async (redirectTo) => {
    await createUser({ email: "ana@example.test" });
    const cookie = await loginCookie("ana@example.test");
    const response = await send(origin, {
      path: `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toMatch(/^\/(?!\/|\\)[\x21-\x7e]*$/);
  });

  it("register and the cart's add never redirect off the shop", async () => {
    const register = await post("/register", {
      name: "Ana",
      email: "nueva@example.test",
      password: "secreto1",
      confirmPassword: "secreto1",
      redirectTo: "/\t/evil.example",
    });
    expect(register.status).toBe(302);
    expect(register.headers.location).toBe("/");
    const cart = await post("/cart", { intent: "add", productId: "1", redirectTo: "/\t/evil.example" });
    expect(cart.status).toBe(302);
    expect(cart.headers.location).not.toContain("evil.example");
  });
});

describe("abuse limits count per visitor", () => {
  it("one client's registrations never block another's", async () => {
    const register = (i: number, address: string) =>
      post(
        "/register",
        { name: "N", email: `n${i}@example.test`, password: "secreto1", confirmPassword: "secreto1" },
        { "X-Forwarded-For": address },
      );
    for (let i = 0; i < 5; i++) expect((await register(i, "203.0.113.9")).status).toBe(302);
    expect((await register(5, "203.0.113.9")).status).toBe(429);
    expect((await register(6, "198.51.100.3")).status).toBe(302);
  });
});

describe("hostile input gets a 4xx with a Spanish message, never a 5xx", () => {
  it("a document POST from a foreign origin is a 403, before Remix's own check", async () => {
    const response = await post("/login", { email: "a@b.c", password: "secreto1" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.body).toContain("Solicitud no permitida");
    const nullOrigin = await post("/register", { name: "x" }, { Origin: "null" });
    expect(nullOrigin.status).toBe(403);
    const forwarded = await post("/login", { email: "a@b.c" }, { "X-Forwarded-Host": "evil.example" });
    expect(forwarded.status).toBe(403);
    expect(shop.output()).not.toMatch(/Aborting the action|at .*node_modules/);
  });

  it.each([
    ["JSON", "application/json", '{"email":"a@b.c"}'],
    ["text", "text/plain", "email=a@b.c"],
    ["XML", "application/xml", "<email>a@b.c</email>"],
    ["empty", "application/x-www-form-urlencoded", ""],
    ["no type", "", "email=a"],
    ["malformed multipart", "multipart/form-data; boundary=zzz", "--zzz\r\nContent-Disposition: form-data\r\n\r\nx"],
    ["multipart without boundary", "multipart/form-data", "garbage"],
  ])("a %s body to an action is a 4xx", async (_label, type, body) => {
    // An empty form is a valid logout: /logout is checked only with bodies that are not forms.
    const actions = ["/login", "/register", "/forgot-password", "/cart", "/reset-password"];
    for (const path of body === "" ? actions : [...actions, "/logout"]) {
      const response = await send(origin, {
        method: "POST",
        path,
        body,
        headers: { ...(type ? { "Content-Type": type } : {}), Origin: origin },
      });
      expect(response.status, `${path} ${type}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path} ${type}`).toBeLessThan(500);
    }
  });

  it("NUL in the search query or the registration name is not a 500", async () => {
    expect((await send(origin, { path: "/search?q=anillo%00oro" })).status).toBe(200);
    const register = await post("/register", {
      name: "Ana\u0000",
      email: "nul@example.test",
      password: "secreto1",
      confirmPassword: "secreto1",
    });
    expect(register.status).toBe(400);
    expect(register.body).toContain("caracteres no válidos");
    expect(await prisma.user.count()).toBe(0);
  });

  it("an oversized body is refused unread (413), a body of unknown length needs one (411)", async () => {
    const big = await send(origin, {
      method: "POST",
      path: "/register",
      body: formBody({ email: `${"a".repeat(200_000)}@example.test` }),
      headers: { ...FORM, Origin: origin },
    });
    expect(big.status).toBe(413);
    expect(big.body).toContain("demasiado grande");
    expect(big.body).not.toContain("aaaaaaaaaa");
    const chunked = await send(origin, {
      method: "POST",
      path: "/login",
      body: "email=a",
      headers: { ...FORM, Origin: origin, "Transfer-Encoding": "chunked", "Content-Length": "" },
    });
    expect([400, 411]).toContain(chunked.status);
  });
});

describe("headers", () => {
  it("personal pages and .data responses are private, no-store; every response is nosniff", async () => {
    await createUser({ email: "ana@example.test" });
    const cookie = await loginCookie("ana@example.test");
    for (const path of ["/", "/_root.data", "/cart", "/cart.data", "/search?q=oro", "/orders"]) {
      const response = await send(origin, { path, headers: { Cookie: cookie } });
      expect(response.headers["cache-control"], path).toBe("private, no-store");
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
    }
    for (const path of ["/favicon.svg", "/fonts/jost-es-400-normal.woff2", "/robots.txt", "/healthz", "/no-existe"]) {
      const response = await send(origin, { path });
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("the staff outbox (which can hold reset links) is never cached", async () => {
    await createUser({ email: "admin@example.test", role: "admin" });
    const cookie = await loginCookie("admin@example.test");
    for (const path of ["/admin/outbox", "/admin/outbox.data"]) {
      const response = await send(origin, { path, headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("names the session cookie __Host- in production", async () => {
    await createUser({ email: "ana@example.test" });
    const response = await post("/login", { email: "ana@example.test", password: "secreto123" });
    const cookies = response.headers["set-cookie"] ?? [];
    expect(cookies.some((c) => /^__Host-joyeria_session=.*; Path=\/;.*HttpOnly; Secure; SameSite=Lax/.test(c))).toBe(
      true,
    );
    expect(cookies.every((c) => !/Domain=/i.test(c))).toBe(true);
  });
});

describe("posts to staff pages that take none", () => {
  it("answer quietly: home for a visitor, 403 for a customer, 405 for staff, and no stack trace in the log", async () => {
    await createUser({ email: "cliente@example.test" });
    await createUser({ email: "jefa@example.test", role: "admin" });
    const customer = await loginCookie("cliente@example.test");
    const admin = await loginCookie("jefa@example.test");
    const logged = shop.output().length;
    for (const path of ["/admin", "/admin/historial", "/admin/outbox"]) {
      expect((await post(path, { x: "1" })).status, path).toBe(302);
      expect((await post(path, { x: "1" }, { Cookie: customer })).status, path).toBe(403);
      const staff = await post(path, { x: "1" }, { Cookie: admin });
      expect(staff.status, path).toBe(405);
    }
    const log = shop.output().slice(logged);
    expect(log).not.toMatch(/did not provide an `action`|at .*\.js:\d+/);
  });
});
