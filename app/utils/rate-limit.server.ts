import { isIP } from "node:net";
import { prisma } from "./db.server";
import { getEnv } from "./env.server";

/**
 * Abuse limits in fixed windows, stored in the database (table rate_limits) so they hold across
 * every app instance. docs/decisions/005-accounts-sessions-and-abuse-limits.md explains the numbers.
 *
 * No client can turn a limit against somebody else: per-address limits apply only when the client's
 * address is known (it always is behind the shop's HTTP server); a counter stops counting once it is
 * over its limit; failed logins close an account only to the address that failed, and an attack
 * spread over many addresses makes a new browser confirm a correct password by e-mail instead of
 * locking the owner out (docs/decisions/020-abuse-limits-that-spare-the-owner.md).
 */

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed logins for one account from one address. */
  loginAccountAddress: { max: 5, windowMs: 15 * MINUTE },
  /**
   * Failed logins for one account from browsers that never logged into it, counted only from addresses
   * still within their own limits. Past it, a correct password from such a browser is confirmed by an
   * e-mailed link instead of opening a session (and every attempt gets the same answer).
   */
  loginAccount: { max: 100, windowMs: 60 * MINUTE },
  /** Failed logins for one account from one browser that has logged into it before. */
  loginDevice: { max: 10, windowMs: 15 * MINUTE },
  /** Failed logins from one address, whatever the account. */
  loginAddress: { max: 20, windowMs: 15 * MINUTE },
  /** Accounts created from one address. */
  registerAddress: { max: 5, windowMs: 60 * MINUTE },
  /** Reset requests from one address (answered with an error). */
  resetAddress: { max: 5, windowMs: 60 * MINUTE },
  /**
   * Reset e-mails to one account asked for from one address, or from one browser that has logged into
   * it (silently not sent past it: no enumeration). A stranger's requests never use up the owner's.
   */
  resetEmail: { max: 3, windowMs: 60 * MINUTE },
  /**
   * Reset e-mails to one account from unknown browsers, whatever the address: one every 10 minutes, the
   * bound on mail bombing. Requests in between send nothing new, and need not: the link sent at most 10
   * minutes ago is in the owner's inbox and valid for 50 minutes more (RESET_TOKEN_TTL_MS is an hour).
   * So nobody can use up the owner's allowance (docs/decisions/031-only-the-inbox-decides.md).
   */
  resetEmailAny: { max: 1, windowMs: 10 * MINUTE },
  /** Login confirmation links e-mailed to one account (only ever for a correct password). */
  loginLinkEmail: { max: 3, windowMs: 60 * MINUTE },
  /** Newsletter subscriptions from one address (answered with an error). */
  newsletterAddress: { max: 10, windowMs: 60 * MINUTE },
  /** Newsletter confirmation e-mails to one address (silently not sent past it: no mail bombing). */
  newsletterEmail: { max: 2, windowMs: 60 * MINUTE },
  /** Unsubscribe links asked for by e-mail from one address (each may e-mail whoever it names). */
  unsubscribeAddress: { max: 20, windowMs: 60 * MINUTE },
  /** Unsubscribe links e-mailed to one address (silently not sent past it). */
  unsubscribeEmail: { max: 2, windowMs: 60 * MINUTE },
  /** "Avísame cuando vuelva" requests from one address (answered with an error). */
  stockAlertAddress: { max: 10, windowMs: 60 * MINUTE },
  /** Discount codes tried by one shopper, right or wrong (codes are not guessed by brute force). */
  discountShopper: { max: 10, windowMs: 15 * MINUTE },
  /** Discount codes tried from one address, whatever the account. */
  discountAddress: { max: 30, windowMs: 15 * MINUTE },
} as const;

export type LimitName = keyof typeof LIMITS;

/** What the shop's HTTP server puts in the load context (see server/app.mjs). */
type ClientContext = { clientAddress?: string | null } | undefined;

/**
 * The client's address, as the shop's HTTP server saw it: the TCP peer, or, on a connection from a
 * TRUST_PROXY address, the right-most X-Forwarded-For entry that is not one of our proxies. IPv6
 * clients are bucketed by their /64 network (one subscriber's block). Null when unknown (a request
 * that did not come through that server).
 */
export function getClientAddress(context: ClientContext): string | null {
  const raw = context?.clientAddress?.trim();
  if (!raw) return null;
  const address = raw.startsWith("::ffff:") && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  switch (isIP(address)) {
    case 4:
      return address;
    case 6:
      return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
    default:
      return null;
  }
}

function ipv6Groups(address: string): string[] {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = address.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}

export function limitFor(name: LimitName) {
  const base = LIMITS[name];
  return {
    max: Math.max(1, Math.floor(base.max * getEnv().RATE_LIMIT_MULTIPLIER)),
    windowMs: base.windowMs,
  };
}

export type RateLimitResult = { allowed: boolean; count: number; resetAt: Date; retryAfterMs: number };

/**
 * Counts one hit on `key` in its current fixed window and says whether it is within the limit.
 * One atomic statement (INSERT … ON CONFLICT DO UPDATE), so concurrent requests on any number of
 * instances never lose a hit; a window that has ended starts over at 1. Past the limit the counter
 * stops (at max + 1): refused attempts are not counted, so a successful login's `undoRateLimit`
 * brings it back within the limit at once.
 */
export async function hitRateLimit(name: LimitName, key: string): Promise<RateLimitResult> {
  const { max, windowMs } = limitFor(name);
  const rows = await prisma.$queryRaw<{ count: number; reset_at: Date }[]>`
    INSERT INTO "rate_limits" ("key", "count", "reset_at")
    VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limits"."reset_at" <= now() THEN 1 ELSE LEAST("rate_limits"."count" + 1, ${max + 1}) END,
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

/** Forgets keys (e.g. an account's failed logins after a successful password reset). */
export async function clearRateLimits(where: { prefix: string }): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key: { startsWith: where.prefix } } });
}

/** Deletes windows that ended over an hour ago; the background jobs call it every few minutes. */
export async function pruneRateLimits(): Promise<number> {
  const { count } = await prisma.rateLimit.deleteMany({
    where: { resetAt: { lt: new Date(Date.now() - 60 * MINUTE) } },
  });
  return count;
}

/** "Demasiados intentos. Intenta de nuevo en 15 minutos." with the real wait, rounded up. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  return `Demasiados intentos. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

export const rateLimitKey = {
  /** Every login key of one account starts with this (cleared after a password reset). */
  loginAccountPrefix: (email: string) => `login:account:${email}:`,
  loginAccount: (email: string) => `login:account:${email}:any`,
  loginAccountAddress: (email: string, address: string) => `login:account:${email}:ip:${address}`,
  loginDevice: (email: string, device: string) => `login:account:${email}:device:${device}`,
  loginAddress: (address: string) => `login:ip:${address}`,
  registerAddress: (address: string) => `register:ip:${address}`,
  resetAddress: (address: string) => `reset:ip:${address}`,
  resetEmail: (email: string, from: string) => `reset:email:${email}:${from}`,
  resetEmailAny: (email: string) => `reset:email:${email}:any`,
  loginLinkEmail: (email: string) => `login-link:email:${email}`,
  newsletterAddress: (address: string) => `newsletter:ip:${address}`,
  newsletterEmail: (email: string) => `newsletter:email:${email}`,
  unsubscribeAddress: (address: string) => `unsubscribe:ip:${address}`,
  unsubscribeEmail: (email: string) => `unsubscribe:email:${email}`,
  stockAlertAddress: (address: string) => `stock-alert:ip:${address}`,
  discountShopper: (userId: string) => `discount:user:${userId}`,
  discountAddress: (address: string) => `discount:ip:${address}`,
};

/**
 * The limits of a login attempt for `email`, checked in order; the first one exceeded ends the attempt
 * before the later ones are charged. A browser that has logged into the account before (`device`) is
 * limited on its own, so failures elsewhere never lock its owner out. Other browsers are limited per
 * address (all accounts, then this account), and only an attempt within those is charged to the
 * account's own counter — an address over its limit cannot use it up.
 */
export function loginLimits(email: string, address: string | null, device: string | null): [LimitName, string][] {
  if (device) return [["loginDevice", rateLimitKey.loginDevice(email, device)]];
  const hits: [LimitName, string][] = [];
  if (address) {
    hits.push(["loginAddress", rateLimitKey.loginAddress(address)]);
    hits.push(["loginAccountAddress", rateLimitKey.loginAccountAddress(email, address)]);
  }
  hits.push(["loginAccount", rateLimitKey.loginAccount(email)]);
  return hits;
}
