import crypto from "node:crypto";
import { displayName } from "~/lib/user";
import { loginLinkEmail } from "~/utils/account-emails.server";
import { prisma } from "~/utils/db.server";
import { sendEmail } from "~/utils/email.server";
import { hitRateLimit, loginLimits, rateLimitKey, undoRateLimit } from "~/utils/rate-limit.server";
import { hashResetToken } from "./user.server";

/**
 * The abuse limits around a login, and the e-mailed link that finishes one when a correct password
 * comes from a new browser while the account is under a guessing attack spread over many addresses
 * (docs/decisions/020-abuse-limits-that-spare-the-owner.md).
 */

export type LoginGate =
  /** Refused before the password is read: this address (or browser) is over its limit. */
  | { kind: "blocked"; retryAfterMs: number; charged: string[] }
  /** Check the password; a correct one opens a session. */
  | { kind: "open"; charged: string[] }
  /**
   * The account is over its own limit for new browsers: check the password, but a correct one gets an
   * e-mailed link instead of a session, and every attempt gets the same answer (no oracle).
   */
  | { kind: "confirm-by-email"; charged: string[] };

/**
 * Charges one attempt to the login limits of `email` in order, stopping at the first one exceeded:
 * an address over its limit never reaches the account's counter.
 */
export async function enterLogin(email: string, address: string | null, device: string | null): Promise<LoginGate> {
  const charged: string[] = [];
  for (const [name, key] of loginLimits(email, address, device)) {
    const result = await hitRateLimit(name, key);
    if (!result.allowed) {
      if (name === "loginAccount") return { kind: "confirm-by-email", charged };
      return { kind: "blocked", retryAfterMs: result.retryAfterMs, charged };
    }
    charged.push(key);
  }
  return { kind: "open", charged };
}

/** A correct password is not a failed attempt: takes the gate's charges back. */
export async function forgiveLogin(gate: LoginGate): Promise<void> {
  for (const key of gate.charged) await undoRateLimit(key);
}

export const LOGIN_LINK_TTL_MS = 15 * 60_000;

/**
 * E-mails `user` a single-use link that finishes the login (at most LIMITS.loginLinkEmail an hour:
 * past it the link is silently not sent, as the answer never says whether one was).
 */
export async function sendLoginLink(user: { id: string; email: string }, origin: string): Promise<void> {
  const limit = await hitRateLimit("loginLinkEmail", rateLimitKey.loginLinkEmail(user.email));
  if (!limit.allowed) return;
  const token = crypto.randomBytes(32).toString("base64url");
  await prisma.loginLink.create({
    data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + LOGIN_LINK_TTL_MS) },
  });
  const account = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, name: true } });
  const link = `${origin}/login/enlace?token=${encodeURIComponent(token)}`;
  await sendEmail({ to: account.email, kind: "login-link", ...loginLinkEmail({ name: displayName(account), link }) });
}

/** Whether a login link can still be used (exists, unused, not expired). */
export async function isLoginLinkValid(token: string): Promise<boolean> {
  if (!token) return false;
  const row = await prisma.loginLink.findUnique({
    where: { tokenHash: hashResetToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return Boolean(row && !row.usedAt && row.expiresAt.getTime() > Date.now());
}

/** Uses a login link, once even under concurrency: its account, or null when it is not valid. */
export async function consumeLoginLink(token: string): Promise<{ id: string; email: string } | null> {
  if (!token) return null;
  const tokenHash = hashResetToken(token);
  const now = new Date();
  const claimed = await prisma.loginLink.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) return null;
  const link = await prisma.loginLink.findUniqueOrThrow({
    where: { tokenHash },
    select: { user: { select: { id: true, email: true } } },
  });
  return link.user;
}
