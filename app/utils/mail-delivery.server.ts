import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { runsForReal } from "./running-for-real.server";

/**
 * Whether the shop's e-mails leave it. Without SMTP_URL every e-mail (order confirmations, password
 * resets, login links) stays in the outbox (/admin/outbox): the right default on a developer's computer,
 * and a silent failure on a shop that runs for real, where no customer can reset a password. There it is
 * said at start-up (a warn line), in /readyz's JSON details (not its status: the shop still serves) and
 * on a banner in /admin for admins.
 */
export type MailDelivery = {
  /** `smtp`: sent through SMTP_URL; `outbox`: kept in the local outbox only. */
  mode: "smtp" | "outbox";
  /** Set when the shop runs for real and e-mails are not sent: what is wrong and which variable fixes it. */
  warning: string | null;
};

export const MAIL_HELD_WARNING =
  "SMTP_URL is not set: customer e-mails (order confirmations, password resets, login links) stay in the " +
  "outbox (/admin/outbox) and are never sent. Set SMTP_URL=smtp://user:password@host:587 to send them.";

export function mailDelivery(): MailDelivery {
  if (getEnv().SMTP_URL) return { mode: "smtp", warning: null };
  return { mode: "outbox", warning: runsForReal() ? MAIL_HELD_WARNING : null };
}

/** The start-up line: warn when a shop that runs for real sends no e-mail. */
export function logMailDeliveryAtStart(): void {
  const delivery = mailDelivery();
  if (delivery.warning) logger.warn({ smtp: "missing" }, delivery.warning);
}
