import { prisma } from "~/utils/db.server";
import type { RoleName } from "~/lib/roles";
import { isLocalShop } from "~/utils/origin.server";

/**
 * The e-mail outbox as staff read it, and the one rule for hiding the links that open an account.
 *
 * A password-reset link, or a link that finishes a login, opens its recipient's account. Staff never
 * read them in the outbox — a worker could otherwise take over any customer — except an admin on a shop
 * that runs on localhost, where the reader is the developer testing it (issue 37: a worker never, not
 * even there). Once such an e-mail has left through SMTP its link is scrubbed from the row as well.
 */

/**
 * E-mails whose link opens the recipient's account, or gives the recipient's consent (a newsletter
 * confirmation: staff cannot subscribe anybody either).
 */
const SECRET_LINK_KINDS: ReadonlySet<string> = new Set(["password-reset", "login-link", "newsletter-confirm"]);

export function carriesSecretLink(kind: string): boolean {
  return SECRET_LINK_KINDS.has(kind);
}

const SECRET_TOKEN = /token=[A-Za-z0-9_%-]+/g;

/** What a hidden token reads: a link that carries it opens nothing, and the outbox does not link it. */
export const HIDDEN_TOKEN = "[oculto]";

/** Replaces every account-opening token in `text`. */
export function redactResetLinks(text: string, replacement = `token=${HIDDEN_TOKEN}`): string {
  return text.replace(SECRET_TOKEN, replacement);
}

/**
 * The newest e-mails, with account-opening links hidden unless `role` is an admin's and the shop runs
 * on localhost.
 */
export async function getOutboxForStaff(role: RoleName, take = 50) {
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
  const developer = role === "admin" && isLocalShop();
  return emails.map((email) => {
    const readable = !carriesSecretLink(email.kind) || (developer && email.status === "local");
    return { ...email, text: readable ? email.text : redactResetLinks(email.text) };
  });
}

export type StaffOutboxEmail = Awaited<ReturnType<typeof getOutboxForStaff>>[number];
