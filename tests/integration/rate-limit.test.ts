import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as linkAction, loader as linkLoader } from "~/routes/login_.enlace";
import { action as registerAction } from "~/routes/register";
import { action as resetAction } from "~/routes/reset-password";
import { hashResetToken } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { getClientAddress, hitRateLimit, pruneRateLimits, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction, callLoader, errorsOf, formRequest, getRequest } from "./auth-helpers";

// The forgot-password answer is padded to 350 ms so that fast and slow paths look alike (password-reset.test
// checks it); these tests count what the limits let through, over a hundred requests, and skip the wait.
vi.mock("~/utils/auth.server", async (original) => ({
  ...(await original<Record<string, unknown>>()),
  padResponseTime: async () => {},
}));
// The files share one module graph: the next file imports the real padding again.
afterAll(() => {
  vi.doUnmock("~/utils/auth.server");
  vi.resetModules();
});

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
    // Each hit counted once up to the limit (5), then the counter stays just past it.
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6]);
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
    // An attacker spreads 105 failures over 21 addresses: past the account's limit for new browsers…
    for (let i = 0; i < 105; i++) await login("ana@example.test", "incorrecta", `203.0.113.${i % 21}`);
    expect((await login("ana@example.test", "secreto123", "192.0.2.99")).status).toBe(202);
    // …the owner's browser still logs straight in, even from an address the attacker used.
    expect((await login("ana@example.test", "secreto123", "203.0.113.1", deviceCookie)).status).toBe(302);
    // 107 password checks one after another: minutes on a loaded machine (a timed-out run would keep
    // failing logins for this address in the next test's counters).
  }, 180_000);

  it("let the owner in from an unseen address after 1,000 failures from one address and 100 from each of ten others", async () => {
    await createUser({ email: "ana@example.test" });
    // As an attacker sends them: many at once (25 in flight), from one address and then from ten.
    const attempts = [
      ...Array.from({ length: 1_000 }, () => "203.0.113.66"),
      ...Array.from({ length: 1_000 }, (_, i) => `198.51.100.${i % 10}`),
    ];
    for (let i = 0; i < attempts.length; i += 25) {
      await Promise.all(attempts.slice(i, i + 25).map((address) => login("ana@example.test", "incorrecta", address)));
    }
    // Each address stopped counting against the account once it was over its own limit (5).
    expect(
      (await prisma.rateLimit.findUniqueOrThrow({ where: { key: "login:account:ana@example.test:any" } })).count,
    ).toBe(55);
    expect((await login("ana@example.test", "secreto123", "192.0.2.10")).status).toBe(302);
    // The attacker's own addresses stay closed to this account.
    expect((await login("ana@example.test", "secreto123", "203.0.113.66")).status).toBe(429);
  }, 180_000);

  it("bound guessing per account across any number of addresses: past the limit, no answer tells a right password from a wrong one", async () => {
    await createUser({ email: "ana@example.test", name: "Ana" });
    for (let i = 0; i < 100; i++) await login("ana@example.test", "incorrecta", `203.0.113.${i % 20}`);
    const wrong = await login("ana@example.test", "otra-incorrecta", "192.0.2.1");
    const right = await login("ana@example.test", "secreto123", "192.0.2.2");
    expect([wrong.status, right.status]).toEqual([202, 202]);
    expect(errorsOf(wrong)).toEqual(errorsOf(right));
    expect(errorsOf(right)).toEqual({
      form: [
        "Por seguridad, si el email y la contraseña son correctos te enviamos un enlace a tu correo para terminar de iniciar sesión.",
      ],
    });
    expect(right.headers.get("Set-Cookie") ?? "").not.toContain("joyeria_session");

    // Only the right password sent a link; following it opens a session and remembers the browser.
    const links = await prisma.outboxEmail.findMany({ where: { kind: "login-link" } });
    expect(links).toHaveLength(1);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(links[0]!.text)![1]!;
    expect((await callLoader(linkLoader, getRequest(`/login/enlace?token=${token}`))).body).toEqual({ token });
    const finished = await callAction(linkAction, formRequest("/login/enlace", { token }));
    expect(finished.status).toBe(302);
    expect(cookiesOf(finished.headers)).toMatch(/joyeria_session=.*joyeria_device=/);
    // Once.
    expect((await callAction(linkAction, formRequest("/login/enlace", { token }))).status).toBe(410);
    expect((await callLoader(linkLoader, getRequest(`/login/enlace?token=${token}`))).body).toEqual({ token: null });
  });

  it("stop counting once a limit is exceeded", async () => {
    for (let i = 0; i < 50; i++) await hitRateLimit("loginAccountAddress", "test:key");
    expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key: "test:key" } })).count).toBe(6);
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

  const forgotFor = (email: string, address: string, cookie?: string) =>
    callAction(forgotAction, formRequest("/forgot-password", { email }, { cookie }), at(address));

  /** The owner's inbox: the newest reset link and how long it stays valid. */
  const newestLink = async (to: string) => {
    const email = await prisma.outboxEmail.findFirstOrThrow({
      where: { to, kind: "password-reset" },
      orderBy: { createdAt: "desc" },
    });
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(email.text)![1]!;
    const row = await prisma.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashResetToken(token) } });
    return { token, validForMs: row.usedAt ? 0 : row.expiresAt.getTime() - Date.now() };
  };
  /** The clock moves on: every stored time of this test goes back by `ms`. */
  const later = async (ms: number) => {
    await prisma.$executeRaw`UPDATE "rate_limits" SET "reset_at" = "reset_at" - make_interval(secs => ${ms / 1000})`;
    await prisma.$executeRaw`UPDATE "password_reset_tokens"
      SET "expires_at" = "expires_at" - make_interval(secs => ${ms / 1000}),
          "created_at" = "created_at" - make_interval(secs => ${ms / 1000})`;
    await prisma.$executeRaw`UPDATE "email_outbox" SET "created_at" = "created_at" - make_interval(secs => ${ms / 1000})`;
  };
  it("sends at most 3 reset e-mails an hour for one account from one address, with the same answer", async () => {
    await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 4; i++) {
      expect((await forgotFor("ana@example.test", "198.51.100.7")).body).toMatchObject({ status: "sent" });
      await later(11 * 60_000);
    }
    expect(await prisma.outboxEmail.count()).toBe(3);
  });

  it("never lets a stranger's requests stop the owner's reset e-mail", async () => {
    const owner = await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 3; i++) {
      await forgotFor("ana@example.test", "203.0.113.66");
      await later(11 * 60_000);
    }
    // The stranger's address has used its own allowance, not the owner's: the owner gets a new link.
    const before = await prisma.outboxEmail.count();
    expect((await forgotFor("ana@example.test", "198.51.100.20")).body).toMatchObject({ status: "sent" });
    expect(await prisma.outboxEmail.count()).toBe(before + 1);
    expect((await newestLink(owner.email)).validForMs).toBeGreaterThan(59 * 60_000);
  });

  it("bounds the reset e-mails to one inbox from new browsers at one every 10 minutes, whatever the addresses", async () => {
    const owner = await createUser({ email: "ana@example.test" });
    for (let i = 0; i < 15; i++) await forgotFor("ana@example.test", `203.0.113.${i}`);
    expect(await prisma.outboxEmail.count({ where: { to: owner.email } })).toBe(1);
    // The owner's own browser (one that has logged in) still gets a link.
    const known = await login("ana@example.test", "secreto123", "198.51.100.20");
    const deviceCookie = cookiesOf(known.headers)
      .split("; ")
      .filter((c) => c.includes("joyeria_device"))
      .join("; ");
    await forgotFor("ana@example.test", "198.51.100.20", deviceCookie);
    expect(await prisma.outboxEmail.count({ where: { to: owner.email } })).toBe(2);
  });

  it("never leaves the owner on a new browser without a fresh reset link, however many strangers asked", async () => {
    const owner = await createUser({ email: "ana@example.test" });
    // The probe: 12 requests from 4 addresses, then again from 4 new addresses every 11 minutes.
    const flood = async (round: number, times = 1) => {
      for (let a = 0; a < 4; a++) for (let i = 0; i < times; i++) await forgotFor(owner.email, `203.0.${round}.${a}`);
    };
    await flood(0, 3);
    // The owner, on a new browser at a new address, at once: the link in the inbox has 50 minutes or more.
    expect((await forgotFor(owner.email, "198.51.100.20")).body).toMatchObject({ status: "sent" });
    expect((await newestLink(owner.email)).validForMs).toBeGreaterThan(50 * 60_000);

    // 59 minutes on, the attacker still at it: the owner's request finds a link with 50 minutes or more.
    for (let round = 1; round <= 5; round++) {
      await later(11 * 60_000);
      await flood(round);
    }
    await later(4 * 60_000);
    expect((await forgotFor(owner.email, "198.51.100.21")).body).toMatchObject({ status: "sent" });
    const { token, validForMs } = await newestLink(owner.email);
    expect(validForMs).toBeGreaterThan(50 * 60_000);
    const reset = await callAction(
      resetAction,
      formRequest("/reset-password", { token, password: "nueva123", confirmPassword: "nueva123" }),
    );
    expect(reset.body).toEqual({ status: "done" });
    // And the inbox got at most one e-mail every 10 minutes.
    expect(await prisma.outboxEmail.count({ where: { to: owner.email, kind: "password-reset" } })).toBeLessThanOrEqual(
      7,
    );
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
