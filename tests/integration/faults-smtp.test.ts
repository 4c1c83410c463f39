import type { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { deliverPendingEmails, sendEmail } from "~/utils/email.server";
import { freePort } from "../../scripts/lib/database.mjs";
import { resetDatabase } from "../db-utils";
import { type Received, startSmtp, stopSmtp } from "./smtp-server";
import { until } from "../support/wait";

/**
 * The mail server goes away and comes back: e-mails wait in the outbox and each goes out exactly once
 * when it returns, even with two delivery loops (two app instances) running at the same time.
 */

let port: number;
let received: Received[];
let smtp: SMTPServer | undefined;

beforeEach(async () => {
  await resetDatabase();
  port = await freePort();
  received = [];
});

afterEach(async () => {
  if (smtp) await stopSmtp(smtp);
  smtp = undefined;
});

describe("SMTP down, then up again", () => {
  it("keeps the e-mails and sends each exactly once when the server returns", async () => {
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const subjects = ["Pedido LJ000001", "Pedido LJ000002", "Pedido LJ000003"];
    for (const subject of subjects) {
      await sendEmail(
        { to: "ana@example.test", subject, html: "<p>Hola</p>", text: "Hola", kind: "test" },
        { smtpUrl },
      );
    }
    // The immediate attempts fail (nothing listens): each e-mail is kept, pending, with a retry scheduled.
    await waitFor(async () => (await prisma.outboxEmail.count({ where: { attempts: 1, status: "pending" } })) === 3);
    expect(received).toHaveLength(0);

    smtp = await startSmtp(port, received);
    // The retries come due (here: at once, instead of in a minute), and two instances deliver at the same time.
    await prisma.outboxEmail.updateMany({ data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    const [a, b] = await Promise.all([deliverPendingEmails({ smtpUrl }), deliverPendingEmails({ smtpUrl })]);
    expect(a + b).toBe(3);
    expect(await deliverPendingEmails({ smtpUrl })).toBe(0);

    expect(received.map((r) => r.subject).sort()).toEqual(subjects);
    expect(received.every((r) => r.to === "ana@example.test")).toBe(true);
    const rows = await prisma.outboxEmail.findMany();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 2 && r.lastError === null)).toBe(true);
  });
});

const waitFor = (condition: () => Promise<boolean>) => until(condition, "the outbox to be retried");
