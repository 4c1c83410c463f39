import type { Prisma } from "~/generated/prisma/client";
import { hasRole, type RoleName } from "~/lib/roles";
import { displayName } from "~/lib/user";
import { prisma } from "~/utils/db.server";
import { queueEmail } from "~/utils/email.server";
import { passwordChangedEmail } from "~/utils/email-templates.server";
import { hashPassword } from "~/utils/password.server";
import { clearRateLimits, rateLimitKey } from "~/utils/rate-limit.server";
import { recordAudit } from "./audit.server";

/**
 * A staff member's new password set from the command line (`npm run reset-password`): the way back
 * in for an admin who forgot theirs when the shop cannot e-mail a reset link (no SMTP). Staff only:
 * customers reset theirs with the e-mailed link. In one transaction the password changes, every
 * session, sign-in link and reset token of the account ends, the audit trail records it and the
 * owner's "your password was changed" e-mail is queued; then the account's failed-login count is
 * cleared, so a lockout does not keep them out.
 *
 * The caller has already checked the password against the shop's policy (the reset form's schema
 * and `isCommonPassword`).
 */

export type StaffPasswordReset =
  | { ok: true; email: string; role: RoleName; sessionsEnded: number; deliver: () => void }
  | { ok: false; reason: "not_found" | "not_staff" };

/** Whom a reset is for: an account, and whether the command may reset it. */
export async function findStaffAccount(
  email: string,
): Promise<{ ok: true; role: RoleName } | { ok: false; reason: "not_found" | "not_staff" }> {
  const user = await prisma.user.findUnique({ where: { email }, select: { role: { select: { role: true } } } });
  if (!user) return { ok: false, reason: "not_found" };
  const role = user.role?.role ?? "customer";
  return hasRole(role, "worker") ? { ok: true, role } : { ok: false, reason: "not_staff" };
}

export async function resetStaffPassword(
  actorEmail: string,
  email: string,
  password: string,
  origin: string,
): Promise<StaffPasswordReset> {
  const passwordHash = await hashPassword(password);
  const outcome = await prisma.$transaction(async (tx): Promise<StaffPasswordReset> => {
    const user = await tx.user.findUnique({
      where: { email },
      select: { id: true, email: true, name: true, role: { select: { role: true } } },
    });
    if (!user) return { ok: false, reason: "not_found" };
    const role = user.role?.role ?? "customer";
    if (!hasRole(role, "worker")) return { ok: false, reason: "not_staff" };
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const sessionsEnded = await endSessionsAndLinksOfAccount(tx, user.id);
    await recordAudit(
      tx,
      { id: null, email: actorEmail },
      {
        action: "password_reset",
        userId: user.id,
        before: null,
        after: { sessionsEnded },
      },
    );
    const { deliver } = await queueEmail(tx, {
      to: user.email,
      kind: "password-changed",
      ...passwordChangedEmail({ name: displayName(user), origin }),
    });
    return { ok: true, email: user.email, role, sessionsEnded, deliver };
  });
  if (outcome.ok) await clearRateLimits({ prefix: rateLimitKey.loginAccountPrefix(outcome.email) });
  return outcome;
}

/**
 * Ends everything that lets someone in without the new password: the account's sessions (deleted:
 * their cookies open nothing any more), its unused password-reset tokens and its unused sign-in
 * links (marked used). Returns how many sessions ended.
 *
 * Local on purpose: issue 32 brings one shared "password changed: end credentials" function for
 * every way a password changes; this command should call it once it exists, and this goes away.
 */
async function endSessionsAndLinksOfAccount(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  const now = new Date();
  const { count } = await tx.session.deleteMany({ where: { userId } });
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  await tx.loginLink.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  return count;
}
