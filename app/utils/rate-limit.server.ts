import { z } from "zod";
import { prisma } from "./db.server";

/**
 * Abuse limits in fixed windows, stored in the database (table rate_limits) so they hold across
 * every app instance. docs/decisions/004-accounts-sessions-and-abuse-limits.md explains the numbers.
 */

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed logins for one account. */
  loginEmail: { max: 5, windowMs: 15 * MINUTE },
  /** Failed logins from one address. */
  loginIp: { max: 20, windowMs: 15 * MINUTE },
  /** Accounts created from one address. */
  registerIp: { max: 5, windowMs: 60 * MINUTE },
  /** Reset requests from one address (answered with an error). */
  resetIp: { max: 5, windowMs: 60 * MINUTE },
  /** Reset e-mails to one address (silently not sent past it: no enumeration, no mail bombing). */
  resetEmail: { max: 3, windowMs: 60 * MINUTE },
} as const;

export type LimitName = keyof typeof LIMITS;

const RateLimitEnv = z.object({
  /** Multiplies every maximum (the e2e tests set it high: all their browsers are 127.0.0.1). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /** Number of trusted reverse proxies in front of the shop; 0 ignores X-Forwarded-For. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
});

function rateLimitEnv() {
  return RateLimitEnv.parse({
    RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER || undefined,
    TRUST_PROXY: process.env.TRUST_PROXY || undefined,
  });
}

/** Without a trustworthy client address every visitor shares one bucket, so it gets more room. */
export const UNKNOWN_IP = "unknown";
const UNKNOWN_IP_FACTOR = 10;

/**
 * The client's address. Remix (remix-serve) does not expose the socket address, so it can only
 * come from X-Forwarded-For, and only when TRUST_PROXY=N says N proxies we control append to it:
 * the Nth entry from the right is the address the outermost trusted proxy saw. Entries further
 * left are written by the client and could be forged.
 */
export function getClientIp(request: Request): string {
  const { TRUST_PROXY } = rateLimitEnv();
  if (TRUST_PROXY === 0) return UNKNOWN_IP;
  const hops = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  const ip = hops[hops.length - TRUST_PROXY];
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : UNKNOWN_IP;
}

export function limitFor(name: LimitName, key: string) {
  const { RATE_LIMIT_MULTIPLIER } = rateLimitEnv();
  const base = LIMITS[name];
  const shared = key.endsWith(`:${UNKNOWN_IP}`) ? UNKNOWN_IP_FACTOR : 1;
  return { max: Math.max(1, Math.floor(base.max * RATE_LIMIT_MULTIPLIER * shared)), windowMs: base.windowMs };
}

export type RateLimitResult = { allowed: boolean; count: number; resetAt: Date; retryAfterMs: number };

/**
 * Counts one hit on `key` in its current fixed window and says whether it is within the limit.
 * One atomic statement (INSERT … ON CONFLICT DO UPDATE), so concurrent requests on any number of
 * instances never lose a hit; a window that has ended starts over at 1.
 */
export async function hitRateLimit(name: LimitName, key: string): Promise<RateLimitResult> {
  const { max, windowMs } = limitFor(name, key);
  const rows = await prisma.$queryRaw<{ count: number; reset_at: Date }[]>`
    INSERT INTO "rate_limits" ("key", "count", "reset_at")
    VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limits"."reset_at" <= now() THEN 1 ELSE "rate_limits"."count" + 1 END,
      "reset_at" = CASE WHEN "rate_limits"."reset_at" <= now() THEN EXCLUDED."reset_at" ELSE "rate_limits"."reset_at" END
    RETURNING "count", "reset_at"`;
  const row = rows[0]!;
  const resetAt = new Date(row.reset_at);
  return {
    allowed: row.count <= max,
    count: row.count,
    resetAt,
    retryAfterMs: Math.max(0, resetAt.getTime() - Date.now()),
  };
}

/** Takes back one hit (a login that turned out to be correct is not a failed attempt). */
export async function undoRateLimit(key: string): Promise<void> {
  await prisma.$executeRaw`
    UPDATE "rate_limits" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key} AND "reset_at" > now()`;
}

/** Forgets a key (e.g. the account's failed logins after a successful password reset). */
export async function clearRateLimit(key: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/** Deletes windows that ended long ago; called opportunistically. */
export async function pruneRateLimits(): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { resetAt: { lt: new Date(Date.now() - 60 * MINUTE) } } });
}

/** "Demasiados intentos. Intenta de nuevo en 15 minutos." with the real wait, rounded up. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  return `Demasiados intentos. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

export const rateLimitKey = {
  loginEmail: (email: string) => `login:email:${email}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  resetEmail: (email: string) => `reset:email:${email}`,
};
