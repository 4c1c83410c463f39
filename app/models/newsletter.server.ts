import { Prisma } from "~/generated/prisma/client";
import type { NEWSLETTER_SOURCES, NewsletterInterest } from "~/lib/validation/newsletter";
import { prisma } from "~/utils/db.server";
import { sendEmail } from "~/utils/email.server";
import { unsubscribedEmail } from "~/utils/account-emails.server";
import { newsletterWelcomeEmail } from "~/utils/email-templates.server";
import { hitRateLimit, rateLimitKey } from "~/utils/rate-limit.server";

/**
 * Newsletter subscribers (table interested_clients): one row per e-mail, subscribed or not, with
 * the interests chosen, where and with what browser the subscription was made, and a random
 * token for the unsubscribe link.
 */

export type SubscribeInput = {
  email: string;
  interests: readonly NewsletterInterest[];
  source: (typeof NEWSLETTER_SOURCES)[number];
  userAgent: string | null;
};

/**
 * Subscribes `email` (a new row, or the existing one updated with the new interests and metadata,
 * subscribed again). `welcome` says whether a welcome e-mail is due: only for a new or returning
 * subscriber, so submitting the box again never repeats it.
 */
export async function subscribe(input: SubscribeInput): Promise<{ unsubscribeToken: string; welcome: boolean }> {
  const metadata = { source: input.source, userAgent: input.userAgent?.slice(0, 255) ?? null };
  const before = await prisma.subscriber.findUnique({ where: { email: input.email }, select: { isSubscribed: true } });
  const row = await prisma.subscriber.upsert({
    where: { email: input.email },
    create: { email: input.email, interests: [...input.interests], metadata },
    update: { interests: [...input.interests], metadata, isSubscribed: true },
    select: { unsubscribeToken: true },
  });
  return { unsubscribeToken: row.unsubscribeToken, welcome: !before?.isSubscribed };
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

export type SubscriptionState = "subscribed" | "unsubscribed" | "none";

export async function getSubscriptionState(email: string): Promise<SubscriptionState> {
  const row = await prisma.subscriber.findUnique({ where: { email }, select: { isSubscribed: true } });
  if (!row) return "none";
  return row.isSubscribed ? "subscribed" : "unsubscribed";
}

/**
 * Tells `email` it was unsubscribed on the website, with the way back (at most LIMITS.unsubscribeEmail
 * an hour: past it, silently not sent).
 */
export async function sendUnsubscribedNotice(email: string, subscribeUrl: string): Promise<void> {
  if (!(await hitRateLimit("unsubscribeEmail", rateLimitKey.unsubscribeEmail(email))).allowed) return;
  await sendEmail({ to: email, kind: "newsletter-unsubscribed", ...unsubscribedEmail({ subscribeUrl }) });
}

/** Unsubscribes `email`; what it was before ("none": no such subscriber, nothing changed). */
export async function unsubscribeByEmail(email: string): Promise<SubscriptionState> {
  const { count } = await prisma.subscriber.updateMany({
    where: { email, isSubscribed: true },
    data: { isSubscribed: false },
  });
  return count > 0 ? "subscribed" : getSubscriptionState(email);
}
