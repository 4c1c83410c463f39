import { remember } from "@epic-web/remember";
import crypto from "node:crypto";
import type { RoleName } from "~/lib/roles";
import { displayName } from "~/lib/user";
import { recordAudit } from "~/models/audit.server";
import { endCredentialsAfterPasswordChange } from "~/models/credentials.server";
import { prisma } from "~/utils/db.server";
import { sendEmail } from "~/utils/email.server";
import { passwordChangedEmail, passwordResetEmail } from "~/utils/email-templates.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { clearRateLimits, rateLimitKey } from "~/utils/rate-limit.server";
import { logger } from "~/utils/logger.server";

/**
 * Accounts and their password-reset tokens. E-mails arrive here already trimmed and lower-cased
 * (the shared auth schemas do it), the way they are stored.
 */

export type AuthUser = { id: string; email: string };

/**
 * A real argon2id hash of a random password, verified when the e-mail has no account, so a
 * failed login costs the same time whether or not the account exists (no enumeration by timing).
 * Computed on first use and kept across dev-server reloads.
 */
function getDummyHash(): Promise<string> {
  return remember("dummy-password-hash", () => hashPassword(crypto.randomBytes(16).toString("hex")));
}

/** Checks an e-mail and password; the user when they match, null otherwise. */
export async function verifyLogin(email: string, password: string): Promise<AuthUser | null> {
  const user = await prisma.user.findUnique({
    where: { email },
    select: { id: true, email: true, passwordHash: true },
  });
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  return user && ok ? { id: user.id, email: user.email } : null;
}

/**
 * Creates an account and its customer role row. A failure to insert the role row is ignored:
 * a missing row already means customer, so the account stands either way.
 * Returns null when the e-mail is already registered.
 */
export async function registerUser(input: { name: string; email: string; password: string }): Promise<AuthUser | null> {
  const passwordHash = await hashPassword(input.password);
  let user: AuthUser;
  try {
    user = await prisma.user.create({
      data: { name: input.name, email: input.email, passwordHash },
      select: { id: true, email: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  try {
    await prisma.userRole.create({ data: { userId: user.id, role: "customer" } });
  } catch (error) {
    logger.warn({ err: error }, "could not store the customer role (the user is a customer anyway)");
  }
  return user;
}

/**
 * Creates an account that already has a role (the shop's first admin, from the create-admin command),
 * with its audit entry, in one transaction: there is never an account without its role. The entry
 * names the new account itself, with `actorEmail` saying how it was made.
 * Returns null when the e-mail is already registered.
 */
export async function createAccountWithRole(
  actorEmail: string,
  input: { name: string; email: string; password: string; role: RoleName },
): Promise<AuthUser | null> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { name: input.name, email: input.email, passwordHash },
        select: { id: true, email: true },
      });
      await tx.userRole.create({ data: { userId: user.id, role: input.role } });
      const actor = { id: user.id, email: actorEmail };
      await recordAudit(tx, actor, { action: "role", userId: user.id, before: null, after: { role: input.role } });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

// ───────────────────────────── Password reset ─────────────────────────────

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Only a SHA-256 of the token is stored: a copy of the database does not open any account. */
export function hashResetToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Starts a password reset for `email` if it has an account. Does the same work (token generation,
 * hashing) either way; the caller answers identically and pads the response time.
 */
export async function requestPasswordReset(email: string, origin: string): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashResetToken(token);
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, email: true, name: true } });
  if (!user) return;
  await prisma.passwordResetToken.create({
    data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  });
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await sendEmail({ to: user.email, kind: "password-reset", ...passwordResetEmail({ name: displayName(user), link }) });
}

/** Whether a reset token can still be used (exists, unused, not expired). */
export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!token) return false;
  const row = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: hashResetToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return Boolean(row && !row.usedAt && row.expiresAt.getTime() > Date.now());
}

/**
 * Sets a new password with a reset token. The token is consumed atomically (a second use, even a
 * concurrent one, fails); every other reset token and sign-in link of the user is ended, and every
 * session but `keepSessionId` (the browser that made the change, when it is signed in as this user).
 * False when the token is invalid, used or expired.
 */
export async function resetPassword(
  token: string,
  password: string,
  origin: string,
  { keepSessionId = null }: { keepSessionId?: string | null } = {},
): Promise<boolean> {
  if (!token) return false;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const user = await prisma.$transaction(async (tx) => {
    const tokenHash = hashResetToken(token);
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const { userId } = await tx.passwordResetToken.findUniqueOrThrow({
      where: { tokenHash },
      select: { userId: true },
    });
    await endCredentialsAfterPasswordChange(userId, { keepSessionId, db: tx });
    return tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { email: true, name: true } });
  });
  if (!user) return false;
  await clearRateLimits({ prefix: rateLimitKey.loginAccountPrefix(user.email) });
  await sendEmail({
    to: user.email,
    kind: "password-changed",
    ...passwordChangedEmail({ name: displayName(user), origin }),
  });
  return true;
}
