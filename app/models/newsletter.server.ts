import crypto from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import type { NEWSLETTER_SOURCES, NewsletterInterest } from "~/lib/validation/newsletter";
import { prisma } from "~/utils/db.server";
import { sendEmail } from "~/utils/email.server";
import { newsletterConfirmEmail, unsubscribeLinkEmail } from "~/utils/account-emails.server";
import { newsletterWelcomeEmail } from "~/utils/email-templates.server";
import { hitRateLimit, rateLimitKey } from "~/utils/rate-limit.server";

/**
 * Newsletter subscribers (table interested_clients): one row per e-mail, with the interests chosen,
 * where and with what browser the subscription was asked for, and two random tokens that only ever
 * travel in e-mails to that address: the confirmation link's (double opt-in) and the unsubscribe link's.
 * Only rows with `isSubscribed` receive newsletters, and only the address itself can set or clear it
 * (docs/decisions/031-only-the-inbox-decides.md).
 */

/** The rows that receive newsletters: every query that picks recipients starts from this. */
export const NEWSLETTER_RECIPIENTS = { isSubscribed: true } satisfies Prisma.SubscriberWhereInput;

export type SubscribeInput = {
  email: string;
  interests: readonly NewsletterInterest[];
  source: (typeof NEWSLETTER_SOURCES)[number];
  userAgent: string | null;
};

/**
 * Records a pending subscription for `email` (a new row, or the waiting or unsubscribed one with the
 * new interests and metadata) and returns the token its confirmation link carries — the same one
 * until it is used, so every confirmation e-mail sent for it works. Null for an address that is
 * already subscribed: nothing changes (whoever typed it cannot change its interests).
 */
export async function requestSubscription(input: SubscribeInput): Promise<{ confirmToken: string } | null> {
  const metadata = { source: input.source, userAgent: input.userAgent?.slice(0, 255) ?? null };
  const before = await prisma.subscriber.findUnique({
    where: { email: input.email },
    select: { isSubscribed: true, confirmToken: true },
  });
  if (before?.isSubscribed) return null;
  const confirmToken = before?.confirmToken ?? crypto.randomUUID();
  await prisma.subscriber.upsert({
    where: { email: input.email },
    create: { email: input.email, interests: [...input.interests], metadata, isSubscribed: false, confirmToken },
    update: { interests: [...input.interests], metadata, confirmToken },
  });
  return { confirmToken };
}

/**
 * Queues the confirmation e-mail (at most LIMITS.newsletterEmail an hour per address: past it, silently
 * not sent, so nobody can mail-bomb an inbox through the box).
 */
export async function sendConfirmationEmail(input: {
  email: string;
  interests: readonly string[];
  confirmUrl: string;
}): Promise<void> {
  if (!(await hitRateLimit("newsletterEmail", rateLimitKey.newsletterEmail(input.email))).allowed) return;
  await sendEmail({ to: input.email, kind: "newsletter-confirm", ...newsletterConfirmEmail(input) });
}

/** Whether a confirmation link's token still waits to be used. */
export async function isConfirmTokenValid(token: string): Promise<boolean> {
  const row = await prisma.subscriber.findUnique({ where: { confirmToken: token }, select: { id: true } });
  return row !== null;
}

/**
 * Confirms the subscription waiting on `token` (once: the token is cleared); the subscriber, or null
 * for an unknown or already used token.
 */
export async function confirmSubscription(
  token: string,
): Promise<{ email: string; interests: string[]; unsubscribeToken: string } | null> {
  try {
    return await prisma.subscriber.update({
      where: { confirmToken: token },
      data: { isSubscribed: true, confirmedAt: new Date(), confirmToken: null },
      select: { email: true, interests: true, unsubscribeToken: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return null;
    throw error;
  }
}

/** Queues the welcome e-mail, with one-click unsubscribe headers (RFC 8058) for mail clients. */
export async function sendWelcomeEmail(input: {
  email: string;
  interests: readonly string[];
  unsubscribeUrl: string;
  shopUrl: string;
}): Promise<void> {
  await sendEmail({
    to: input.email,
    kind: "newsletter-welcome",
    ...newsletterWelcomeEmail(input),
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/** Unsubscribes the holder of `token`; their e-mail, or null for an unknown or already used token. */
export async function unsubscribeByToken(token: string): Promise<{ email: string } | null> {
  try {
    return await prisma.subscriber.update({
      where: { unsubscribeToken: token, isSubscribed: true },
      data: { isSubscribed: false },
      select: { email: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return null;
    throw error;
  }
}

/**
 * The unsubscribe page's form by address: e-mails the unsubscribe link to `email` when it is
 * subscribed (at most LIMITS.unsubscribeEmail an hour), and nothing otherwise. The caller answers the
 * same either way: nobody learns who is subscribed, and only the address's owner can leave.
 */
export async function sendUnsubscribeLink(email: string, linkFor: (token: string) => string): Promise<void> {
  const row = await prisma.subscriber.findUnique({
    where: { email, ...NEWSLETTER_RECIPIENTS },
    select: { unsubscribeToken: true },
  });
  if (!row) return;
  if (!(await hitRateLimit("unsubscribeEmail", rateLimitKey.unsubscribeEmail(email))).allowed) return;
  const link = linkFor(row.unsubscribeToken);
  await sendEmail({
    to: email,
    kind: "newsletter-unsubscribe-link",
    ...unsubscribeLinkEmail({ link }),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
