import net from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { action as newsletterAction } from "~/routes/newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter_.confirmar";
import { NEWSLETTER_RECIPIENTS } from "~/models/newsletter.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { deliverEmail } from "~/utils/email.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { resetDatabase } from "../db-utils";
import { expectConsoleError } from "../setup/fail-on-console-error";
import { callAction, callLoader, errorsOf, formRequest, getRequest } from "./auth-helpers";

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

const confirm = (token: string) =>
  callAction(confirmAction, formRequest("/newsletter/confirmar", { token }), { clientAddress: "203.0.113.9" });

/** The token of the newest confirmation e-mail to `to`. */
async function confirmTokenFromOutbox(to: string): Promise<string> {
  const email = await prisma.outboxEmail.findFirstOrThrow({
    where: { to, kind: "newsletter-confirm" },
    orderBy: { createdAt: "desc" },
  });
  return /\/newsletter\/confirmar\?token=([0-9a-f-]{36})/.exec(email.text)![1]!;
}

describe("newsletter subscription", () => {
  it("records a pending subscription and e-mails only its confirmation link", async () => {
    const outcome = await subscribe(
      { email: " Ana@Example.MX ", source: "home" },
      { interests: ["Collares", "Anillos"], userAgent: "Mozilla/5.0 (Prueba)" },
    );
    expect(outcome).toMatchObject({ status: 200, body: { status: "pending" } });
    const row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({
      interests: ["Anillos", "Collares"],
      metadata: { source: "home", userAgent: "Mozilla/5.0 (Prueba)" },
      isSubscribed: false,
      confirmedAt: null,
      confirmToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const emails = await prisma.outboxEmail.findMany({ where: { to: "ana@example.mx" } });
    expect(emails.map((e) => e.kind)).toEqual(["newsletter-confirm"]);
    const link = `http://localhost/newsletter/confirmar?token=${row.confirmToken}`;
    expect(emails[0]!.subject).toBe("Confirma tu suscripción al boletín — Joyería Aurora");
    expect(emails[0]!.text).toContain(link);
    expect(emails[0]!.html).toContain(link);
    expect(emails[0]!.text).toContain("Anillos, Collares");
    expect(emails[0]!.text).not.toContain(row.unsubscribeToken);
    expect(await prisma.subscriber.count({ where: NEWSLETTER_RECIPIENTS })).toBe(0);
  });

  it("confirms only on the page's POST, once, and then sends the welcome e-mail with one-click unsubscribe", async () => {
    await subscribe({ email: "ana@example.mx" }, { interests: ["Anillos", "Collares"] });
    const token = await confirmTokenFromOutbox("ana@example.mx");

    // A link scanner fetching the URL confirms nothing.
    expect((await callLoader(confirmLoader, getRequest(`/newsletter/confirmar?token=${token}`))).body).toEqual({
      token,
    });
    expect((await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } })).isSubscribed).toBe(
      false,
    );

    const done = await confirm(token);
    expect(done).toMatchObject({
      status: 200,
      body: {
        tone: "success",
        message: "¡Listo! Tu suscripción está confirmada: pronto recibirás nuestras novedades en tu correo.",
      },
    });
    const row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({ isSubscribed: true, confirmToken: null, confirmedAt: expect.any(Date) });
    expect(await prisma.subscriber.count({ where: NEWSLETTER_RECIPIENTS })).toBe(1);

    const welcome = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "newsletter-welcome" } });
    const link = `http://localhost/unsubscribe?token=${row.unsubscribeToken}`;
    expect(welcome.to).toBe("ana@example.mx");
    expect(welcome.text).toContain(link);
    expect(welcome.html).toContain(link);
    expect(welcome.text).toContain("Anillos, Collares");
    expect(welcome.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Used: the link says so, and nothing is sent again.
    const again = await confirm(token);
    expect(again).toMatchObject({
      status: 410,
      body: { message: "Este enlace de confirmación no es válido o ya se usó." },
    });
    expect((await callLoader(confirmLoader, getRequest(`/newsletter/confirmar?token=${token}`))).body).toEqual({
      token: null,
    });
    expect(await prisma.outboxEmail.count({ where: { kind: "newsletter-welcome" } })).toBe(1);
  });

  it("refuses unknown or malformed confirmation tokens without writing anything", async () => {
    await subscribe({ email: "ana@example.mx" });
    for (const token of ["3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e", "no-es-un-token", "", "' OR 1=1 --"]) {
      const outcome = await confirm(token);
      expect(outcome.status).toBeGreaterThanOrEqual(400);
      expect(outcome.status).toBeLessThan(500);
      expect(outcome.body).toMatchObject({
        tone: "error",
        message: "Este enlace de confirmación no es válido o ya se usó.",
      });
    }
    expect(await prisma.subscriber.count({ where: NEWSLETTER_RECIPIENTS })).toBe(0);
  });

  it("keeps one confirmation link per pending subscription; a confirmed address cannot be changed by whoever types it", async () => {
    await subscribe({ email: "ana@example.mx" }, { interests: ["Anillos"] });
    const first = await confirmTokenFromOutbox("ana@example.mx");
    await subscribe({ email: "ana@example.mx", source: "newsletter-page" }, { interests: ["Pulseras", "Novedades"] });
    expect(await confirmTokenFromOutbox("ana@example.mx")).toBe(first);
    let row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({ interests: ["Pulseras", "Novedades"], metadata: { source: "newsletter-page" } });
    expect((await confirm(first)).status).toBe(200);
    const sent = await prisma.outboxEmail.count();

    // Somebody else types the confirmed address: the same answer, nothing changes, nothing is sent.
    const outcome = await subscribe({ email: "ana@example.mx" }, { interests: ["Ofertas especiales"] });
    expect(outcome).toMatchObject({ status: 200, body: { status: "pending" } });
    row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({ isSubscribed: true, interests: ["Pulseras", "Novedades"], confirmToken: null });
    expect(await prisma.outboxEmail.count()).toBe(sent);

    // After leaving, subscribing again waits for a new confirmation.
    await prisma.subscriber.update({ where: { email: "ana@example.mx" }, data: { isSubscribed: false } });
    await prisma.rateLimit.deleteMany(); // an hour later
    await subscribe({ email: "ana@example.mx" });
    row = await prisma.subscriber.findUniqueOrThrow({ where: { email: "ana@example.mx" } });
    expect(row).toMatchObject({ isSubscribed: false, interests: [] });
    const second = row.confirmToken!;
    expect(second).not.toBe(first);
    expect(await prisma.outboxEmail.count({ where: { text: { contains: second } } })).toBe(1);
    expect((await confirm(second)).status).toBe(200);
    expect(await prisma.subscriber.count()).toBe(1);
    expect(await prisma.subscriber.count({ where: NEWSLETTER_RECIPIENTS })).toBe(1);
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

  it("limits subscriptions per address, and confirmation e-mails per e-mail silently", async () => {
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

    // Typing somebody's address again and again does not turn the shop into a mail cannon.
    for (let i = 0; i < 4; i++) expect((await subscribe({ email: "victima@example.mx" })).status).toBe(200);
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
    await confirm(await confirmTokenFromOutbox("ana@example.mx"));
    const row = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "newsletter-welcome" } });
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
