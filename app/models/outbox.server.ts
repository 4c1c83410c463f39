import { DEFAULT_ROLE, ROLE_RANK, type RoleName } from "~/lib/roles";
import { prisma } from "~/utils/db.server";

/**
 * The e-mail outbox as staff read it, and the one rule for hiding password-reset links.
 *
 * A reset link opens an account. It is kept in the database only while the e-mail waits in the
 * local outbox (no SMTP server), and even then shown only to staff ranked above its recipient, so a
 * worker can never take over an admin's account. Once an e-mail has left through SMTP its link is
 * scrubbed from the row.
 */

const RESET_TOKEN = /token=[A-Za-z0-9_%-]+/g;

/** Replaces every reset token in `text`. */
export function redactResetLinks(text: string, replacement = "token=[oculto]"): string {
  return text.replace(RESET_TOKEN, replacement);
}

/** The newest e-mails, with reset links hidden from staff who may not read them. */
export async function getOutboxForStaff(viewer: { role: RoleName }, take = 50) {
  const emails = await prisma.outboxEmail.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      to: true,
      subject: true,
      text: true,
      kind: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
    },
  });
  const recipients = await prisma.user.findMany({
    where: { email: { in: [...new Set(emails.map((e) => e.to))] } },
    select: { email: true, role: { select: { role: true } } },
  });
  const rankOf = new Map(recipients.map((r) => [r.email, ROLE_RANK[r.role?.role ?? DEFAULT_ROLE]]));
  return emails.map((email) => {
    const readable =
      email.kind !== "password-reset" ||
      (email.status === "local" && (rankOf.get(email.to) ?? ROLE_RANK.customer) < ROLE_RANK[viewer.role]);
    return { ...email, text: readable ? email.text : redactResetLinks(email.text) };
  });
}

export type StaffOutboxEmail = Awaited<ReturnType<typeof getOutboxForStaff>>[number];
