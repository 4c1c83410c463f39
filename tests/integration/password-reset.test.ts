import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as linkAction, loader as linkLoader } from "~/routes/login_.enlace";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { prisma } from "~/utils/db.server";
import { endCredentialsAfterPasswordChange } from "~/models/credentials.server";
import { sendLoginLink } from "~/models/login.server";
import { getOptionalUser, getSessionId } from "~/utils/session.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction, callLoader, cookieFrom, errorsOf, formRequest, getRequest } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
});

const SENT = { status: "sent", message: "Se ha enviado un enlace de recuperación a tu correo electrónico." };

async function requestReset(email: string) {
  return callAction(forgotAction, formRequest("/forgot-password", { email }));
}

/** The token of the newest reset e-mail in the outbox. */
/** The reset link of the newest reset e-mail to `to` (other than the one carrying `except`). */
async function tokenFromOutbox(to: string, except?: string): Promise<string> {
  const email = await prisma.outboxEmail.findFirstOrThrow({
    where: { to, kind: "password-reset", ...(except ? { NOT: { text: { contains: except } } } : {}) },
    orderBy: { createdAt: "desc" },
  });
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(email.text);
  if (!match) throw new Error("no reset link in the e-mail");
  expect(email.html).toContain(`http://localhost/reset-password?token=${match[1]}`);
  return match[1]!;
}

describe("forgotten password", () => {
  it("answers the same whether or not the account exists, and e-mails only existing accounts", async () => {
    await createUser({ email: "ana@example.test" });
    // Both take at least the padded 350 ms: the time does not tell whether an account exists.
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await requestReset(email);
      return { answer, ms: performance.now() - started };
    };
    const { answer: known, ms: knownMs } = await timed("ana@example.test");
    const { answer: unknown, ms: unknownMs } = await timed("nadie@example.test");
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(345);
    expect(known).toMatchObject({ status: 200, body: SENT });
    expect(unknown).toMatchObject({ status: 200, body: SENT });
    const emails = await prisma.outboxEmail.findMany();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: "ana@example.test", status: "local", kind: "password-reset" });
    expect(emails[0]!.subject).toContain("Joyería Aurora");
  });

  it("validates the e-mail with their Spanish messages", async () => {
    for (const [email, message] of [
      ["", "El email es requerido"],
      ["nadie", "El email no es válido"],
    ]) {
      const outcome = await requestReset(email!);
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual({ email: [message] });
    }
  });

  it("sends nothing when the honeypot is filled", async () => {
    await createUser({ email: "ana@example.test" });
    const outcome = await callAction(
      forgotAction,
      formRequest("/forgot-password", { email: "ana@example.test", [HONEYPOT_FIELD]: "x" }),
    );
    expect(outcome.status).toBe(400);
    expect(await prisma.outboxEmail.count()).toBe(0);
    expect(await prisma.passwordResetToken.count()).toBe(0);
  });

  it("stores only a SHA-256 of a 32-byte token, valid for one hour", async () => {
    const user = await createUser({ email: "ana@example.test" });
    await requestReset("ana@example.test");
    const token = await tokenFromOutbox("ana@example.test");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const row = await prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row.tokenHash).not.toContain(token);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });
});

describe("reset password", () => {
  it("sets the new password once, ends every session and invalidates the other tokens", async () => {
    const user = await createUser({ email: "ana@example.test", password: "antigua1" });
    const login = await callAction(
      loginAction,
      formRequest("/login", { email: "ana@example.test", password: "antigua1" }),
    );
    const cookie = cookieFrom(login);
    await requestReset("ana@example.test");
    const first = await tokenFromOutbox("ana@example.test");
    await prisma.rateLimit.deleteMany(); // ten minutes later: a new reset e-mail may go
    await requestReset("ana@example.test");
    const second = await tokenFromOutbox("ana@example.test", first);
    expect(second).not.toBe(first);

    expect((await callLoader(resetLoader, getRequest(`/reset-password?token=${second}`))).body).toEqual({
      state: "form",
      token: second,
    });
    const done = await callAction(
      resetAction,
      formRequest("/reset-password", { token: second, password: "nueva123", confirmPassword: "nueva123" }),
    );
    expect(done.body).toEqual({ status: "done" });

    expect(await getOptionalUser(getRequest("/", cookie))).toBeNull();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const relogin = await callAction(
      loginAction,
      formRequest("/login", { email: "ana@example.test", password: "nueva123" }),
    );
    expect(relogin.status).toBe(302);
    const old = await callAction(
      loginAction,
      formRequest("/login", { email: "ana@example.test", password: "antigua1" }),
    );
    expect(old.status).toBe(401);

    // Single use, and the older token died with it.
    for (const token of [second, first]) {
      const again = await callAction(
        resetAction,
        formRequest("/reset-password", { token, password: "otra1234", confirmPassword: "otra1234" }),
      );
      expect(again).toMatchObject({ status: 410, body: { status: "expired" } });
      expect((await callLoader(resetLoader, getRequest(`/reset-password?token=${token}`))).body).toEqual({
        state: "expired",
        token: "",
      });
    }
    expect(await prisma.outboxEmail.count({ where: { kind: "password-changed" } })).toBe(1);
  });

  it("refuses an expired token", async () => {
    await createUser({ email: "ana@example.test" });
    await requestReset("ana@example.test");
    const token = await tokenFromOutbox("ana@example.test");
    await prisma.passwordResetToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const outcome = await callAction(
      resetAction,
      formRequest("/reset-password", { token, password: "nueva123", confirmPassword: "nueva123" }),
    );
    expect(outcome.body).toEqual({ status: "expired" });
    expect((await callLoader(resetLoader, getRequest(`/reset-password?token=${token}`))).body).toMatchObject({
      state: "expired",
    });
  });

  it("shows the expired screen for an unknown token or an otp_expired error in the query", async () => {
    for (const query of [
      "token=nope",
      "",
      "error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid",
    ]) {
      expect((await callLoader(resetLoader, getRequest(`/reset-password?${query}`))).body).toMatchObject({
        state: "expired",
      });
    }
  });

  it("validates both fields with their Spanish messages and does not consume the token", async () => {
    await createUser({ email: "ana@example.test" });
    await requestReset("ana@example.test");
    const token = await tokenFromOutbox("ana@example.test");
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ password: "", confirmPassword: "" }, { password: ["Por favor ingresa y confirma tu nueva contraseña."] }],
      [{ password: "nueva123", confirmPassword: "otra1234" }, { confirmPassword: ["Las contraseñas no coinciden"] }],
      [{ password: "123", confirmPassword: "123" }, { password: ["La contraseña debe tener al menos 6 caracteres"] }],
      [
        { password: "Qwerty123", confirmPassword: "Qwerty123" },
        { password: ["Esta contraseña es de las más usadas y fácil de adivinar. Elige otra."] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const outcome = await callAction(resetAction, formRequest("/reset-password", { token, ...fields }));
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual(errors);
      expect(JSON.stringify(outcome.body)).not.toMatch(/nueva123|otra1234|Qwerty123/);
    }
    expect(await prisma.passwordResetToken.count({ where: { usedAt: null } })).toBe(1);
  });
});

describe("a password change ends every older credential", () => {
  const loginAs = async (email: string, password: string) =>
    cookieFrom(await callAction(loginAction, formRequest("/login", { email, password })));

  it("an e-mailed sign-in link made before a reset no longer opens a session; the resetting browser stays signed in", async () => {
    const user = await createUser({ email: "ana@example.test", password: "antigua1" });
    // The link the login page e-mails when the account is under a guessing attack.
    await sendLoginLink(user, "http://localhost");
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { to: user.email, kind: "login-link" } });
    const linkToken = /\/login\/enlace\?token=([A-Za-z0-9_-]+)/.exec(email.text)![1]!;
    const elsewhere = await loginAs("ana@example.test", "antigua1");
    const here = await loginAs("ana@example.test", "antigua1");

    await requestReset("ana@example.test");
    const token = await tokenFromOutbox("ana@example.test");
    const done = await callAction(
      resetAction,
      formRequest("/reset-password", { token, password: "nueva123", confirmPassword: "nueva123" }, { cookie: here }),
    );
    expect(done.body).toEqual({ status: "done" });

    expect((await callLoader(linkLoader, getRequest(`/login/enlace?token=${linkToken}`))).body).toEqual({
      token: null,
    });
    const used = await callAction(linkAction, formRequest("/login/enlace", { token: linkToken }));
    expect(used).toMatchObject({ status: 410, body: { expired: true } });
    expect(await getOptionalUser(getRequest("/", elsewhere))).toBeNull();
    expect(await getOptionalUser(getRequest("/", here))).toMatchObject({ id: user.id });
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("endCredentialsAfterPasswordChange ends links, tokens and sessions of that account only", async () => {
    const ana = await createUser({ email: "ana@example.test", password: "antigua1" });
    const beto = await createUser({ email: "beto@example.test", password: "antigua1" });
    for (const user of [ana, beto]) {
      await sendLoginLink(user, "http://localhost");
      await requestReset(user.email);
    }
    const anaCookie = await loginAs("ana@example.test", "antigua1");
    const betoCookie = await loginAs("beto@example.test", "antigua1");
    const keep = await getSessionId(getRequest("/", anaCookie));
    await loginAs("ana@example.test", "antigua1");

    expect(await endCredentialsAfterPasswordChange(ana.id, { keepSessionId: keep })).toEqual({
      sessions: 1,
      resetTokens: 1,
      loginLinks: 1,
    });
    expect(await prisma.session.findMany({ where: { userId: ana.id }, select: { id: true } })).toEqual([{ id: keep }]);
    expect(await getOptionalUser(getRequest("/", betoCookie))).toMatchObject({ id: beto.id });
    expect(await prisma.loginLink.count({ where: { usedAt: null } })).toBe(1);
    expect(await prisma.passwordResetToken.count({ where: { usedAt: null, userId: beto.id } })).toBe(1);

    // Without a session to keep (the command line), every session ends.
    await endCredentialsAfterPasswordChange(ana.id);
    expect(await prisma.session.count({ where: { userId: ana.id } })).toBe(0);
  });
});
