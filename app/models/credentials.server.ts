import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

/**
 * What a password change ends. Whoever knew the old password (or read an old e-mail) may hold a
 * session, a reset link or a sign-in link made before the change: none of them may outlive it.
 */

export type EndCredentialsOptions = {
  /** The session that made the change stays signed in (only when it is this user's own). */
  keepSessionId?: string | null;
  /** Run inside the caller's transaction, with the password update itself. */
  db?: Prisma.TransactionClient;
};

/**
 * Ends every outstanding reset token and sign-in link of `userId` (marked used, so they answer like
 * any used link) and every session of the account except `keepSessionId`. Call it from every path
 * that sets a password — the reset page, the command-line staff reset, any future "change password"
 * screen — in the same transaction as the new hash.
 */
export async function endCredentialsAfterPasswordChange(
  userId: string,
  { keepSessionId = null, db = prisma }: EndCredentialsOptions = {},
): Promise<{ sessions: number; resetTokens: number; loginLinks: number }> {
  const now = new Date();
  const resetTokens = await db.passwordResetToken.updateMany({
    where: { userId, usedAt: null },
    data: { usedAt: now },
  });
  const loginLinks = await db.loginLink.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  const sessions = await db.session.deleteMany({
    where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
  });
  return { sessions: sessions.count, resetTokens: resetTokens.count, loginLinks: loginLinks.count };
}
