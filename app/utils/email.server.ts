import nodemailer from "nodemailer";
import { carriesSecretLink, redactResetLinks } from "~/models/outbox.server";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/**
 * Every e-mail goes into the outbox table first (nothing is lost while the mail server is down).
 * With SMTP_URL set it is sent right away and, on failure, retried with exponential back-off by
 * `deliverPendingEmails()` (run every minute by the background jobs, app/utils/jobs.server.ts); without it the row is marked `local`: it stays in the local outbox,
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
  /** Files sent with it (an invoice's XML and PDF), kept with the row until it is sent. */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

type Transport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers?: Record<string, string>;
    attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
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
    const delivery = deliverEmail(row.id, smtpUrl)
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error, emailId: row.id }, "e-mail delivery crashed"))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };
  return { id: row.id, deliver };
}

/** Tries one queued e-mail once, unless it is not due or another delivery holds it ("skipped"). */
export async function deliverEmail(id: string, smtpUrl: string): Promise<"sent" | "retry" | "failed" | "skipped"> {
  return (await claimDueEmail(id)) ? sendClaimedEmail(id, smtpUrl) : "skipped";
}

/**
 * How long a delivery's claim on one e-mail lasts: far longer than one SMTP conversation normally
 * takes, so it only runs out when its instance died (the e-mail is then sent by another one).
 */
export const EMAIL_CLAIM_MS = 5 * 60_000;

/**
 * Claims one due e-mail (`id`, or the longest-waiting one) for this delivery and returns its id. One
 * statement: a row another instance is claiming right now is skipped (SKIP LOCKED), and the claim
 * itself moves `next_attempt_at` past the lease, so no other delivery loop or immediate send takes
 * the e-mail until this one records its outcome. The lease is a column, not a row lock held during
 * the SMTP conversation, so the outcome's update never waits on it.
 */
async function claimDueEmail(id: string | null): Promise<string | null> {
  const now = Date.now();
  // next_attempt_at holds UTC without a zone, as Prisma writes it.
  const utc = (ms: number) => Prisma.sql`(${new Date(ms).toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const [row] = await prisma.$queryRaw<Array<{ id: string }>>`
    WITH "next" AS (
      SELECT "id" FROM "email_outbox"
      WHERE "status" = 'pending' AND "next_attempt_at" <= ${utc(now)}
        ${id === null ? Prisma.empty : Prisma.sql`AND "id" = ${id}::uuid`}
      ORDER BY "next_attempt_at", "id"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "email_outbox" e SET "next_attempt_at" = ${utc(now + EMAIL_CLAIM_MS)}
    FROM "next" WHERE e."id" = "next"."id"
    RETURNING e."id"::text AS "id"`;
  return row?.id ?? null;
}

/** Sends an e-mail this delivery has claimed; records the outcome (sent, or the error and the next attempt). */
async function sendClaimedEmail(id: string, smtpUrl: string): Promise<"sent" | "retry" | "failed"> {
  const email = await prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
  try {
    await transportFor(smtpUrl).sendMail({
      from: getEnv().MAIL_FROM,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(isHeaderRecord(email.headers) ? { headers: email.headers } : {}),
      ...(Array.isArray(email.attachments) ? { attachments: mailAttachments(email.attachments) } : {}),
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
    logger.warn(
      { emailId: id, kind: email.kind, attempt: attempts, maxAttempts: MAX_ATTEMPTS, reason: String(error) },
      "e-mail not sent",
    );
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

/** The stored attachments column as nodemailer takes it (entries of another shape are left out). */
function mailAttachments(stored: unknown[]): Array<{ filename: string; contentType: string; content: Buffer }> {
  return stored.flatMap((item) => {
    const a = item as Partial<EmailAttachment> | null;
    if (!a || typeof a.filename !== "string" || typeof a.contentBase64 !== "string") return [];
    return [
      {
        filename: a.filename,
        contentType: a.contentType ?? "application/octet-stream",
        content: Buffer.from(a.contentBase64, "base64"),
      },
    ];
  });
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

/**
 * Sends every queued e-mail that is due, claiming them one at a time (`claimDueEmail`): delivery loops
 * on several instances share the work and never send the same e-mail twice. Call it periodically and
 * at start. Returns how many were sent.
 */
export async function deliverPendingEmails(options: { smtpUrl?: string | null; limit?: number } = {}): Promise<number> {
  const smtpUrl = options.smtpUrl === undefined ? getEnv().SMTP_URL : options.smtpUrl;
  if (!smtpUrl) return 0;
  const limit = options.limit ?? 50;
  let sent = 0;
  for (let tried = 0; tried < limit; tried++) {
    const id = await claimDueEmail(null);
    if (id === null) break;
    if ((await sendClaimedEmail(id, smtpUrl)) === "sent") sent += 1;
  }
  return sent;
}

/** Sends started right after queueing (see `queueEmail`), awaited by a graceful shutdown. */
const deliveries = new Set<Promise<void>>();

/** Resolves when every send started by `sendEmail` so far has finished (sent or recorded for a retry). */
export async function waitForEmailDeliveries(): Promise<void> {
  await Promise.all(deliveries);
}
