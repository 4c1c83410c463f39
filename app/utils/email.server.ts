import nodemailer from "nodemailer";
import { carriesSecretLink, redactResetLinks } from "~/models/outbox.server";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { getEnv } from "./env.server";

/**
 * Every e-mail goes into the outbox table first (nothing is lost while the mail server is down).
 * With SMTP_URL set it is sent right away and, on failure, retried with exponential back-off by
 * `deliverPendingEmails()`; without it the row is marked `local`: it stays in the local outbox,
 * which staff read at /admin/outbox (and the tests too).
 */

export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

export type EmailKind = "password-reset" | "password-changed" | (string & {});

export type SendEmailInput = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: EmailKind;
  /** Extra message headers (e.g. List-Unsubscribe), kept with the row until it is sent. */
  headers?: Record<string, string>;
};

type Transport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
};

let cachedTransport: { url: string; transport: Transport } | undefined;

function transportFor(smtpUrl: string): Transport {
  if (cachedTransport?.url !== smtpUrl)
    cachedTransport = { url: smtpUrl, transport: nodemailer.createTransport(smtpUrl) };
  return cachedTransport.transport;
}

/** Delay before attempt number `attempts + 1`: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues an e-mail and, when SMTP is configured, starts sending it without making the caller
 * wait (so a slow mail server never slows a page, and response times do not reveal whether an
 * e-mail was sent at all). Returns the outbox row id.
 */
export async function sendEmail(input: SendEmailInput, options: { smtpUrl?: string | null } = {}): Promise<string> {
  const { id, deliver } = await queueEmail(prisma, input, options);
  deliver();
  return id;
}

/**
 * Writes an e-mail to the outbox through `db`, which may be a transaction's client: the e-mail then
 * exists if and only if the transaction commits (an order is never paid without its confirmation,
 * nor confirmed without being paid). Call `deliver` after the commit to start sending it at once;
 * otherwise the delivery loop picks it up.
 */
export async function queueEmail(
  db: Prisma.TransactionClient,
  input: SendEmailInput,
  options: { smtpUrl?: string | null } = {},
): Promise<{ id: string; deliver: () => void }> {
  const smtpUrl = options.smtpUrl === undefined ? getEnv().SMTP_URL : options.smtpUrl;
  const row = await db.outboxEmail.create({
    data: { ...input, status: smtpUrl ? "pending" : "local" },
    select: { id: true },
  });
  const deliver = () => {
    if (!smtpUrl) return;
    void deliverEmail(row.id, smtpUrl).catch((error: unknown) => console.error("[email] delivery crashed", error));
  };
  return { id: row.id, deliver };
}

/** Tries one queued e-mail once; records the outcome (sent, or the error and the next attempt). */
export async function deliverEmail(id: string, smtpUrl: string): Promise<"sent" | "retry" | "failed" | "skipped"> {
  // Claim the row: only one instance sends it, even when several run the delivery loop.
  const claimUntil = new Date(Date.now() + 5 * 60_000);
  const claimed = await prisma.outboxEmail.updateMany({
    where: { id, status: "pending", nextAttemptAt: { lte: new Date() } },
    data: { nextAttemptAt: claimUntil },
  });
  if (claimed.count === 0) return "skipped";
  const email = await prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
  try {
    await transportFor(smtpUrl).sendMail({
      from: getEnv().MAIL_FROM,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(isHeaderRecord(email.headers) ? { headers: email.headers } : {}),
    });
    await prisma.outboxEmail.update({
      where: { id },
      data: {
        status: "sent",
        sentAt: new Date(),
        attempts: { increment: 1 },
        lastError: null,
        ...redactSecrets(email),
      },
    });
    return "sent";
  } catch (error) {
    const attempts = email.attempts + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    await prisma.outboxEmail.update({
      where: { id },
      data: {
        attempts,
        status: failed ? "failed" : "pending",
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      },
    });
    console.warn(`[email] ${email.kind} to ${email.to} failed (attempt ${attempts}/${MAX_ATTEMPTS})`);
    return failed ? "failed" : "retry";
  }
}

/**
 * Once a reset e-mail has left through SMTP, its link is no longer kept in the database: the
 * token is stored only as a hash, and the outbox should not undo that.
 */
function redactSecrets(email: { kind: string; html: string; text: string }) {
  if (!carriesSecretLink(email.kind)) return {};
  return {
    html: redactResetLinks(email.html, "token=[eliminado]"),
    text: redactResetLinks(email.text, "token=[eliminado]"),
  };
}

/** The stored headers column as nodemailer takes it (string values only; anything else is ignored). */
function isHeaderRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  );
}

/** Sends every queued e-mail that is due. Call it periodically and at start. Returns how many were sent. */
export async function deliverPendingEmails(options: { smtpUrl?: string | null; limit?: number } = {}): Promise<number> {
  const smtpUrl = options.smtpUrl === undefined ? getEnv().SMTP_URL : options.smtpUrl;
  if (!smtpUrl) return 0;
  const due = await prisma.outboxEmail.findMany({
    where: { status: "pending", nextAttemptAt: { lte: new Date() } },
    orderBy: { nextAttemptAt: "asc" },
    take: options.limit ?? 50,
    select: { id: true },
  });
  let sent = 0;
  for (const { id } of due) if ((await deliverEmail(id, smtpUrl)) === "sent") sent += 1;
  return sent;
}

let loop: NodeJS.Timeout | undefined;

/**
 * Starts the periodic delivery (every minute, and once now) when SMTP is configured. Idempotent.
 * Called by the background jobs the HTTP server starts (see app/utils/jobs.server.ts).
 */
export function startEmailDeliveryLoop(intervalMs = 60_000): void {
  if (loop || !getEnv().SMTP_URL) return;
  const tick = () =>
    void deliverPendingEmails().catch((error: unknown) => console.error("[email] delivery loop", error));
  loop = setInterval(tick, intervalMs);
  loop.unref();
  tick();
}
