import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { prisma } from "~/utils/db.server";
import { resetDatabase } from "../db-utils";
import { expectConsoleError } from "../setup/fail-on-console-error";
import { callAction, callLoader, errorsOf, formRequest, getRequest } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
});

async function subscriber(email: string, isSubscribed = true) {
  return prisma.subscriber.create({ data: { email, isSubscribed, interests: ["Anillos"] } });
}

const post = (fields: Record<string, string>, path = "/unsubscribe", options: { origin?: string | null } = {}) =>
  callAction(unsubscribeAction, formRequest(path, fields, options), { clientAddress: "203.0.113.9" });

const isSubscribed = async (email: string) =>
  (await prisma.subscriber.findUniqueOrThrow({ where: { email } })).isSubscribed;

/** Makes the subscribers table unreachable for the duration of `run` (a database failure). */
async function withTableGone(run: () => Promise<void>) {
  await prisma.$executeRawUnsafe(`ALTER TABLE "interested_clients" RENAME TO "interested_clients_off"`);
  try {
    await run();
  } finally {
    await prisma.$executeRawUnsafe(`ALTER TABLE "interested_clients_off" RENAME TO "interested_clients"`);
  }
}

describe("unsubscribe with the e-mail's token", () => {
  it("never unsubscribes on a GET (link scanners), only on the page's POST", async () => {
    const row = await subscriber("ana@example.mx");
    const page = await callLoader(unsubscribeLoader, getRequest(`/unsubscribe?token=${row.unsubscribeToken}`));
    expect(page.body).toEqual({ token: row.unsubscribeToken });
    expect(await isSubscribed("ana@example.mx")).toBe(true);

    const outcome = await post({ intent: "token", token: row.unsubscribeToken });
    expect(outcome.body).toEqual({
      step: "result",
      tone: "success",
      message: "El email ana@example.mx ha sido dado de baja correctamente.",
    });
    expect(await isSubscribed("ana@example.mx")).toBe(false);

    const again = await post({ intent: "token", token: row.unsubscribeToken });
    expect(again.body).toMatchObject({ tone: "error", message: "Token no válido o ya estaba dado de baja." });
  });

  it("answers an unknown or malformed token with Token no válido o ya estaba dado de baja.", async () => {
    await subscriber("ana@example.mx");
    for (const token of ["3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e", "no-es-un-token", ""]) {
      const outcome = await post({ intent: "token", token });
      expect(outcome.body).toMatchObject({ step: "result", message: "Token no válido o ya estaba dado de baja." });
    }
    expect(await isSubscribed("ana@example.mx")).toBe(true);
  });

  it("accepts the mail client's one-click POST (RFC 8058) on the same URL, without an Origin", async () => {
    const row = await subscriber("ana@example.mx");
    const outcome = await post({ "List-Unsubscribe": "One-Click" }, `/unsubscribe?token=${row.unsubscribeToken}`, {
      origin: null,
    });
    expect(outcome.status).toBe(200);
    expect(await isSubscribed("ana@example.mx")).toBe(false);
  });

  it("reports a database failure with Ocurrió un error al procesar la baja.", async () => {
    const row = await subscriber("ana@example.mx");
    await withTableGone(async () => {
      expectConsoleError();
      const outcome = await post({ intent: "token", token: row.unsubscribeToken });
      expect(outcome.status).toBe(503);
      expect(outcome.body).toMatchObject({ tone: "error", message: "Ocurrió un error al procesar la baja." });
    });
  });
});

describe("unsubscribe by e-mail", () => {
  it("asks for confirmation, then e-mails the link instead of unsubscribing whoever was typed", async () => {
    const row = await subscriber("ana@example.mx");
    const check = await post({ intent: "check", email: " Ana@Example.mx " });
    expect(check.body).toEqual({ step: "confirm", email: "ana@example.mx" });

    const confirm = await post({ intent: "confirm", email: "ana@example.mx" });
    expect(confirm.body).toEqual({
      step: "result",
      tone: "success",
      message:
        "Si ana@example.mx está suscrito a nuestro boletín, te enviamos un correo con el enlace para darte de baja. Ábrelo para terminar.",
    });
    // Still subscribed: leaving takes the link, which only the address's owner receives.
    expect(await isSubscribed("ana@example.mx")).toBe(true);
    const [email] = await prisma.outboxEmail.findMany({ where: { kind: "newsletter-unsubscribe-link" } });
    const link = `http://localhost/unsubscribe?token=${row.unsubscribeToken}`;
    expect(email).toMatchObject({ to: "ana@example.mx", subject: "Darte de baja del boletín — Joyería Aurora" });
    expect(email!.text).toContain(link);
    expect(email!.html).toContain(link);

    const outcome = await post({ intent: "token", token: row.unsubscribeToken });
    expect(outcome.body).toMatchObject({
      tone: "success",
      message: "El email ana@example.mx ha sido dado de baja correctamente.",
    });
    expect(await isSubscribed("ana@example.mx")).toBe(false);
  });

  it("answers the same whether the address is subscribed, unsubscribed, waiting for confirmation or unknown", async () => {
    await subscriber("ana@example.mx");
    await subscriber("baja@example.mx", false);
    await prisma.subscriber.create({ data: { email: "pendiente@example.mx", confirmToken: crypto.randomUUID() } });
    const answers = new Set<string>();
    for (const email of ["ana@example.mx", "baja@example.mx", "pendiente@example.mx", "nadie@example.mx"]) {
      const check = await post({ intent: "check", email });
      expect(check).toMatchObject({ status: 200, body: { step: "confirm", email } });
      const confirm = await post({ intent: "confirm", email });
      expect(confirm.status).toBe(200);
      answers.add(JSON.stringify(confirm.body).replace(email, "EMAIL"));
    }
    expect(answers.size).toBe(1);
    // Only the subscribed address got a link; nobody was unsubscribed.
    const sent = await prisma.outboxEmail.findMany({ select: { to: true } });
    expect(sent).toEqual([{ to: "ana@example.mx" }]);
    expect(await isSubscribed("ana@example.mx")).toBe(true);
  });

  it("limits the links asked for per address, and e-mails each address twice an hour at most", async () => {
    await subscriber("ana@example.mx");
    for (let i = 0; i < 20; i++) {
      expect((await post({ intent: "confirm", email: "ana@example.mx" })).body).toMatchObject({ tone: "success" });
    }
    const blocked = await post({ intent: "confirm", email: "ana@example.mx" });
    expect(blocked).toMatchObject({
      status: 429,
      body: { tone: "error", message: expect.stringMatching(/^Demasiados intentos/) },
    });
    expect(await prisma.outboxEmail.count({ where: { kind: "newsletter-unsubscribe-link" } })).toBe(2);
    expect(await isSubscribed("ana@example.mx")).toBe(true);
  });

  it("validates the e-mail with the shop's message", async () => {
    const outcome = await post({ intent: "check", email: "sin-arroba" });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({ email: ["Por favor ingresa un email válido"] });
  });

  it("reports a database failure with Ocurrió un error al procesar la baja.", async () => {
    await subscriber("ana@example.mx");
    await withTableGone(async () => {
      expectConsoleError();
      const outcome = await post({ intent: "confirm", email: "ana@example.mx" });
      expect(outcome.status).toBe(503);
      expect(outcome.body).toMatchObject({ message: "Ocurrió un error al procesar la baja." });
    });
  });
});
