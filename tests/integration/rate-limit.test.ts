import { beforeEach, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { prisma } from "~/utils/db.server";
import { getClientIp, hitRateLimit, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction, errorsOf, formRequest } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.TRUST_PROXY;
});

const login = (email: string, password: string, ip?: string) =>
  callAction(loginAction, formRequest("/login", { email, password }, { headers: ip ? { "X-Forwarded-For": ip } : {} }));

describe("fixed-window counters", () => {
  it("count atomically under concurrency", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit("loginEmail", "test:key")));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("start over when the window has ended", async () => {
    for (let i = 0; i < 6; i++) await hitRateLimit("loginEmail", "test:key");
    await prisma.rateLimit.update({ where: { key: "test:key" }, data: { resetAt: new Date(Date.now() - 1) } });
    const next = await hitRateLimit("loginEmail", "test:key");
    expect(next).toMatchObject({ allowed: true, count: 1 });
    expect(next.retryAfterMs).toBeGreaterThan(14 * 60_000);
  });

  it("word the wait in minutes", () => {
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe("Demasiados intentos. Intenta de nuevo en 15 minutos.");
    expect(tooManyAttemptsMessage(10_000)).toBe("Demasiados intentos. Intenta de nuevo en 1 minuto.");
  });
});

describe("login limits", () => {
  it("locks an account after 5 failed logins for 15 minutes, even with the right password", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 5; i++) expect((await login("ana@example.test", "incorrecta")).status).toBe(401);
    const blocked = await login("ana@example.test", "secreto123");
    expect(blocked.status).toBe(429);
    expect(errorsOf(blocked)).toEqual({ form: ["Demasiados intentos. Intenta de nuevo en 15 minutos."] });
    // Another account is not affected.
    await createUser({ email: "beto@example.test" });
    expect((await login("beto@example.test", "secreto123")).status).toBe(302);
  });

  it("does not count successful logins", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 8; i++) expect((await login("ana@example.test", "secreto123")).status).toBe(302);
  });

  it("limits failed logins per address (20 per 15 minutes) when the proxy is trusted", async () => {
    process.env.TRUST_PROXY = "1";
    for (let i = 0; i < 20; i++)
      expect((await login(`u${i}@example.test`, "incorrecta", "203.0.113.7")).status).toBe(401);
    expect((await login("otra@example.test", "incorrecta", "203.0.113.7")).status).toBe(429);
    expect((await login("otra@example.test", "incorrecta", "198.51.100.1")).status).toBe(401);
  });

  it("scales with RATE_LIMIT_MULTIPLIER", async () => {
    process.env.RATE_LIMIT_MULTIPLIER = "2";
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 10; i++) expect((await login("ana@example.test", "incorrecta")).status).toBe(401);
    expect((await login("ana@example.test", "incorrecta")).status).toBe(429);
  });
});

describe("registration and reset limits", () => {
  it("allows 5 registrations per address per hour", async () => {
    process.env.TRUST_PROXY = "1";
    const register = (i: number) =>
      callAction(
        registerAction,
        formRequest(
          "/register",
          { name: "N", email: `n${i}@example.test`, password: "secreto1", confirmPassword: "secreto1" },
          { headers: { "X-Forwarded-For": "203.0.113.9" } },
        ),
      );
    for (let i = 0; i < 5; i++) expect((await register(i)).status).toBe(302);
    const blocked = await register(5);
    expect(blocked.status).toBe(429);
    expect(errorsOf(blocked)).toEqual({
      form: [expect.stringMatching(/^Demasiados intentos\. Intenta de nuevo en (59|60) minutos\.$/)],
    });
  });

  it("sends at most 3 reset e-mails per address per hour, with the same answer", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 4; i++) {
      const outcome = await callAction(forgotAction, formRequest("/forgot-password", { email: "ana@example.test" }));
      expect(outcome.body).toMatchObject({ status: "sent" });
    }
    expect(await prisma.outboxEmail.count()).toBe(3);
  });

  it("limits reset requests per client address", async () => {
    process.env.TRUST_PROXY = "1";
    const forgot = (i: number) =>
      callAction(
        forgotAction,
        formRequest(
          "/forgot-password",
          { email: `x${i}@example.test` },
          { headers: { "X-Forwarded-For": "203.0.113.5" } },
        ),
      );
    for (let i = 0; i < 5; i++) expect((await forgot(i)).status).toBe(200);
    expect((await forgot(5)).status).toBe(429);
  });
});

describe("client address", () => {
  it("ignores X-Forwarded-For unless the proxy is trusted, then takes the hop the proxy added", () => {
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.7" } });
    expect(getClientIp(request)).toBe("unknown");
    process.env.TRUST_PROXY = "1";
    expect(getClientIp(request)).toBe("203.0.113.7");
    process.env.TRUST_PROXY = "2";
    expect(getClientIp(request)).toBe("6.6.6.6");
    expect(getClientIp(new Request("http://localhost/", { headers: { "X-Forwarded-For": "not an ip" } }))).toBe(
      "unknown",
    );
  });
});
