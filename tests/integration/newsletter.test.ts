import net from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { action as newsletterAction } from "~/routes/newsletter";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { deliverEmail } from "~/utils/email.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { resetDatabase } from "../db-utils";
import { expectConsoleError } from "../setup/fail-on-console-error";
import { callAction, errorsOf } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
  delete process.env.RATE_LIMIT_MULTIPLIER;
  resetEnvCache();
});

async function subscribe(
  fields: Record<string, string>,
  { interests = [] as string[], address = null as string | null, userAgent = "Vitest/1.0" } = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const interest of interests) body.append("interests", interest);
  const request = new Request("http://localhost/newsletter", {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", "User-Agent": userAgent },
  });
  return callAction(newsletterAction, request, { clientAddress: address });
}

describe("newsletter subscription", () => {
  it("stores the subscriber with interests and metadata, and queues a welcome e-mail with one-click unsubscribe", async () => {
    const outcome = await subscribe(
      { email: " Ana@Example.MX ", source: "home" },
      { interests: ["Collares", "Anillos"], userAgent: "Mozilla/5.0 (Prueba)" },
    );
    expect(outcome).toMatchObject({ status: 200, body: { status: "subscribed" } });
    const row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({
      interests: ["Anillos", "Collares"],
      metadata: { source: "home", userAgent: "Mozilla/5.0 (Prueba)" },
      isSubscribed: true,
    });
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { to: "ana@example.mx" } });
    const link = `http://localhost/unsubscribe?token=${row.unsubscribeToken}`;
    expect(email.kind).toBe("newsletter-welcome");
    expect(email.text).toContain(link);
    expect(email.html).toContain(link);
    expect(email.text).toContain("Anillos, Collares");
    expect(email.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("upserts by e-mail: new interests and metadata, subscribed again, the same token, one welcome per (re)subscription", async () => {
    await subscribe({ email: "ana@example.mx" }, { interests: ["Anillos"] });
    const first = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    await subscribe({ email: "ana@example.mx", source: "newsletter-page" }, { interests: ["Pulseras", "Novedades"] });
    let row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({
      interests: ["Pulseras", "Novedades"],
      metadata: { source: "newsletter-page" },
      unsubscribeToken: first.unsubscribeToken,
    });
    expect(await prisma.outboxEmail.count()).toBe(1);

    await prisma.subscriber.update({ where: { email: "ana@example.mx" }, data: { isSubscribed: false } });
    await subscribe({ email: "ana@example.mx" });
    row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({ isSubscribed: true, interests: [] });
    expect(await prisma.subscriber.count()).toBe(1);
    expect(await prisma.outboxEmail.count()).toBe(2);
  });

  it("refuses an invalid e-mail or interest with the shop's message, writing nothing", async () => {
    for (const email of ["", "sin-arroba", "ana@"]) {
      const outcome = await subscribe({ email });
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual({ email: ["Por favor ingresa un email válido"] });
    }
    const outcome = await subscribe({ email: "ana@example.mx" }, { interests: ["Relojes"] });
    expect(outcome.status).toBe(400);
    expect(await prisma.subscriber.count()).toBe(0);
    expect(await prisma.outboxEmail.count()).toBe(0);
  });

  it("writes nothing when the honeypot is filled", async () => {
    const outcome = await subscribe({ email: "ana@example.mx", [HONEYPOT_FIELD]: "bot" });
    expect(outcome.status).toBe(400);
    expect(await prisma.subscriber.count()).toBe(0);
  });

  it("limits subscriptions per address, and welcome e-mails per e-mail silently", async () => {
    for (let i = 0; i < 10; i++) {
      const outcome = await subscribe({ email: `persona${i}@example.mx` }, { address: "203.0.113.7" });
      expect(outcome.status).toBe(200);
    }
    const blocked = await subscribe({ email: "otra@example.mx" }, { address: "203.0.113.7" });
    expect(blocked.status).toBe(429);
    expect(errorsOf(blocked).form?.[0]).toMatch(/^Demasiados intentos\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(await prisma.subscriber.count()).toBe(10);
    // Another address is not affected.
    expect((await subscribe({ email: "otra@example.mx" }, { address: "198.51.100.1" })).status).toBe(200);

    // Subscribing and unsubscribing in a loop does not turn the shop into a mail cannon.
    for (let i = 0; i < 4; i++) {
      expect((await subscribe({ email: "victima@example.mx" })).status).toBe(200);
      await prisma.subscriber.update({ where: { email: "victima@example.mx" }, data: { isSubscribed: false } });
    }
    expect(await prisma.outboxEmail.count({ where: { to: "victima@example.mx" } })).toBe(2);
  });

  it("answers a database failure with the shop's error message", async () => {
    await prisma.$executeRawUnsafe(`ALTER TABLE "interested_clients" RENAME TO "interested_clients_off"`);
    try {
      expectConsoleError();
      const outcome = await subscribe({ email: "ana@example.mx" });
      expect(outcome.status).toBe(503);
      expect(errorsOf(outcome)).toEqual({ form: ["Ocurrió un error. Por favor intenta nuevamente."] });
    } finally {
      await prisma.$executeRawUnsafe(`ALTER TABLE "interested_clients_off" RENAME TO "interested_clients"`);
    }
  });
});

/** Just enough of an SMTP server to receive one message; resolves with its raw text. */
async function receiveOneMessage(): Promise<{ url: string; message: Promise<string>; close: () => void }> {
  let resolve: (raw: string) => void = () => {};
  const message = new Promise<string>((r) => (resolve = r));
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 prueba ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end === -1) return;
        resolve(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        inData = false;
        socket.write("250 OK\r\n");
      }
      let newline: number;
      while (!inData && (newline = buffer.indexOf("\r\n")) !== -1) {
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith("EHLO")) socket.write("250 prueba\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 end with .\r\n");
        } else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, message, close: () => server.close() };
}

describe("e-mail headers", () => {
  it("go to the mail server with the message (one-click unsubscribe)", async () => {
    await subscribe({ email: "ana@example.mx" });
    const row = await prisma.outboxEmail.findFirstOrThrow();
    await prisma.outboxEmail.update({ where: { id: row.id }, data: { status: "pending" } });
    const smtp = await receiveOneMessage();
    try {
      expect(await deliverEmail(row.id, smtp.url)).toBe("sent");
      // Long header lines are folded (CRLF + space): unfold them before reading.
      const raw = (await smtp.message).replace(/\r\n[ \t]+/g, " ");
      expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost\/unsubscribe\?token=[0-9a-f-]{36}>\r?$/m);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    } finally {
      smtp.close();
    }
  });
});
