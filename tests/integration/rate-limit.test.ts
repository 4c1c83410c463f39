import { beforeEach, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { getClientAddress, hitRateLimit, pruneRateLimits, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction, errorsOf, formRequest } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
  delete process.env.RATE_LIMIT_MULTIPLIER;
  resetEnvCache();
});

const at = (clientAddress: string | null) => ({ clientAddress });

const login = (email: string, password: string, address: string | null = null, cookie?: string) =>
  callAction(loginAction, formRequest("/login", { email, password }, { cookie }), at(address));

/** The cookie pairs ("a=1; b=2") of every Set-Cookie of a response. */
function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("fixed-window counters", () => {
  it("count atomically under concurrency", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit("loginAccountAddress", "test:key")),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("start over when the window has ended", async () => {
    for (let i = 0; i < 6; i++) await hitRateLimit("loginAccountAddress", "test:key");
    await prisma.rateLimit.update({ where: { key: "test:key" }, data: { resetAt: new Date(Date.now() - 1) } });
    const next = await hitRateLimit("loginAccountAddress", "test:key");
    expect(next).toMatchObject({ allowed: true, count: 1 });
    expect(next.retryAfterMs).toBeGreaterThan(14 * 60_000);
  });

  it("word the wait in minutes", () => {
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe("Demasiados intentos. Intenta de nuevo en 15 minutos.");
    expect(tooManyAttemptsMessage(10_000)).toBe("Demasiados intentos. Intenta de nuevo en 1 minuto.");
  });

  it("are pruned once their window ended over an hour ago", async () => {
    await hitRateLimit("registerAddress", "old");
    await hitRateLimit("registerAddress", "recent");
    await prisma.rateLimit.update({ where: { key: "old" }, data: { resetAt: new Date(Date.now() - 61 * 60_000) } });
    expect(await pruneRateLimits()).toBe(1);
    expect((await prisma.rateLimit.findMany()).map((r) => r.key)).toEqual(["recent"]);
  });
});

describe("login limits", () => {
  it("lock an account for the address that failed 5 times, not for its owner elsewhere", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 5; i++)
      expect((await login("ana@example.test", "incorrecta", "203.0.113.66")).status).toBe(401);
    const blocked = await login("ana@example.test", "secreto123", "203.0.113.66");
    expect(blocked.status).toBe(429);
    expect(errorsOf(blocked)).toEqual({ form: ["Demasiados intentos. Intenta de nuevo en 15 minutos."] });
    // The owner, from her own address, still gets in.
    expect((await login("ana@example.test", "secreto123", "198.51.100.20")).status).toBe(302);
  });

  it("let a browser that has logged in before through, however many failures come from anywhere", async () => {
    await createUser({ email: "ana@example.test" });
    const first = await login("ana@example.test", "secreto123", "198.51.100.20");
    expect(first.status).toBe(302);
    const deviceCookie = cookiesOf(first.headers)
      .split("; ")
      .filter((c) => c.includes("joyeria_device"))
      .join("; ");
    expect(deviceCookie).not.toBe("");
    // An attacker spreads 60 failures over 12 addresses: the account is closed to unknown browsers…
    for (let i = 0; i < 60; i++) await login("ana@example.test", "incorrecta", `203.0.113.${i % 12}`);
    expect((await login("ana@example.test", "secreto123", "192.0.2.99")).status).toBe(429);
    // …but not to the owner's browser, even from an address the attacker used.
    expect((await login("ana@example.test", "secreto123", "203.0.113.1", deviceCookie)).status).toBe(302);
  });

  it("does not count successful logins", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 8; i++)
      expect((await login("ana@example.test", "secreto123", "198.51.100.20")).status).toBe(302);
  });

  it("limits failed logins per address (20 per 15 minutes)", async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(`u${i}@example.test`, "incorrecta", "203.0.113.7")).status).toBe(401);
    expect((await login("otra@example.test", "incorrecta", "203.0.113.7")).status).toBe(429);
    expect((await login("otra@example.test", "incorrecta", "198.51.100.1")).status).toBe(401);
  });

  it("without a known address keeps only the per-account limit, never one bucket for everybody", async () => {
    for (let i = 0; i < 30; i++) expect((await login(`u${i}@example.test`, "incorrecta")).status).toBe(401);
    await createUser({ email: "ana@example.test" });
    expect((await login("ana@example.test", "secreto123")).status).toBe(302);
  });

  it("scales with RATE_LIMIT_MULTIPLIER", async () => {
    process.env.RATE_LIMIT_MULTIPLIER = "2";
    resetEnvCache();
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 10; i++)
      expect((await login("ana@example.test", "incorrecta", "203.0.113.7")).status).toBe(401);
    expect((await login("ana@example.test", "incorrecta", "203.0.113.7")).status).toBe(429);
  });
});

describe("registration and reset limits", () => {
  const register = (i: number, address: string | null) =>
    callAction(
      registerAction,
      formRequest("/register", {
        name: "N",
        email: `n${i}@example.test`,
        password: "secreto1",
        confirmPassword: "secreto1",
      }),
      at(address),
    );

  it("allows 5 registrations per address per hour; other addresses are not affected", async () => {
    for (let i = 0; i < 5; i++) expect((await register(i, "203.0.113.9")).status).toBe(302);
    const blocked = await register(5, "203.0.113.9");
    expect(blocked.status).toBe(429);
    expect(errorsOf(blocked)).toEqual({
      form: [expect.stringMatching(/^Demasiados intentos\. Intenta de nuevo en (59|60) minutos\.$/)],
    });
    expect((await register(6, "198.51.100.3")).status).toBe(302);
  });

  it("does not let clients of unknown address block registration for the whole shop", async () => {
    for (let i = 0; i < 27; i++) expect((await register(i, null)).status).toBe(302);
    expect(await prisma.user.count()).toBe(27);
  });

  it("sends at most 3 reset e-mails per address per hour, with the same answer", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 4; i++) {
      const outcome = await callAction(
        forgotAction,
        formRequest("/forgot-password", { email: "ana@example.test" }),
        at(`198.51.100.${i}`),
      );
      expect(outcome.body).toMatchObject({ status: "sent" });
    }
    expect(await prisma.outboxEmail.count()).toBe(3);
  });

  it("limits reset requests per client address, and only when the address is known", async () => {
    const forgot = (i: number, address: string | null) =>
      callAction(forgotAction, formRequest("/forgot-password", { email: `x${i}@example.test` }), at(address));
    for (let i = 0; i < 5; i++) expect((await forgot(i, "203.0.113.5")).status).toBe(200);
    expect((await forgot(5, "203.0.113.5")).status).toBe(429);
    expect((await forgot(6, "198.51.100.5")).status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await forgot(10 + i, null)).status).toBe(200);
  });
});

describe("client address", () => {
  it("comes from the HTTP server's load context, IPv4-mapped addresses unwrapped, IPv6 by /64", () => {
    expect(getClientAddress(undefined)).toBeNull();
    expect(getClientAddress({})).toBeNull();
    expect(getClientAddress({ clientAddress: "not an ip" })).toBeNull();
    expect(getClientAddress({ clientAddress: "203.0.113.7" })).toBe("203.0.113.7");
    expect(getClientAddress({ clientAddress: "::ffff:203.0.113.7" })).toBe("203.0.113.7");
    expect(getClientAddress({ clientAddress: "2001:db8:0:12:abcd::1" })).toBe("2001:db8:0:12::/64");
    expect(getClientAddress({ clientAddress: "2001:DB8::1" })).toBe("2001:db8:0:0::/64");
  });
});
