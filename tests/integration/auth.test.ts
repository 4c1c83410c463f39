import { beforeEach, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { prisma } from "~/utils/db.server";
import { readFlashes } from "~/utils/flash.server";
import { HONEYPOT_MESSAGE } from "~/utils/honeypot.server";
import { getOptionalUser } from "~/utils/session.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction, callLoader, cookieFrom, errorsOf, formRequest, getRequest, keptValuesOf } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
});

async function logIn(email: string, password: string, cookie?: string) {
  return callAction(loginAction, formRequest("/login", { email, password, redirectTo: "/producto/12" }, { cookie }));
}

describe("Origin check", () => {
  it("refuses a POST from another site with 403 before reading anything", async () => {
    await createUser({ email: "ana@example.test" });
    for (const action of [loginAction, registerAction, forgotAction, logoutAction]) {
      const outcome = await callAction(
        action,
        formRequest(
          "/login",
          { email: "ana@example.test", password: "secreto123" },
          { origin: "https://evil.example" },
        ),
      );
      expect(outcome.status).toBe(403);
    }
    expect(await prisma.session.count()).toBe(0);
  });

  it("also judges by the Referer when there is no Origin", async () => {
    const outcome = await callAction(
      loginAction,
      formRequest(
        "/login",
        { email: "a@b.mx", password: "secreto123" },
        { origin: null, headers: { Referer: "https://evil.example/page" } },
      ),
    );
    expect(outcome.status).toBe(403);
  });
});

describe("login", () => {
  it("logs in with the right password, returns to a same-origin redirectTo and stores a session", async () => {
    const user = await createUser({ email: "ana@example.test" });
    const outcome = await logIn("  ANA@example.test ", "secreto123");
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/producto/12");
    const setCookie = outcome.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await getOptionalUser(getRequest("/", cookieFrom(outcome)));
    expect(me).toMatchObject({ id: user.id, role: "customer" });
  });

  it("never redirects to another site", async () => {
    await createUser({ email: "ana@example.test" });
    const outcome = await callAction(
      loginAction,
      formRequest("/login", { email: "ana@example.test", password: "secreto123", redirectTo: "//evil.example/x" }),
    );
    expect(outcome.headers.get("Location")).toBe("/");
  });

  it("answers wrong credentials with one message, keeps the e-mail and never the password", async () => {
    await createUser({ email: "ana@example.test" });
    for (const email of ["ana@example.test", "nadie@example.test"]) {
      const outcome = await logIn(email, "incorrecta");
      expect(outcome.status).toBe(401);
      expect(errorsOf(outcome)).toEqual({ form: ["Email o contraseña incorrectos"] });
      expect(keptValuesOf(outcome)).toEqual({ email, redirectTo: "/producto/12" });
      expect(JSON.stringify(outcome.body)).not.toContain("incorrecta");
    }
  });

  it("returns the spec's validation messages", async () => {
    const outcome = await callAction(loginAction, formRequest("/login", { email: "x", password: "123" }));
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({
      email: ["El email no es válido"],
      password: ["La contraseña debe tener al menos 6 caracteres"],
    });
  });

  it("sends a logged-in visitor of /login on to redirectTo", async () => {
    await createUser({ email: "ana@example.test" });
    const cookie = cookieFrom(await logIn("ana@example.test", "secreto123"));
    const outcome = await callLoader(loginLoader, getRequest("/login?redirectTo=/orders", cookie));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/orders");
  });
});

describe("sessions", () => {
  it("rotates the session id at login: the previous session is deleted", async () => {
    const user = await createUser({ email: "ana@example.test" });
    const first = cookieFrom(await logIn("ana@example.test", "secreto123"));
    const second = cookieFrom(await logIn("ana@example.test", "secreto123", first));
    expect(second).not.toBe(first);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
    expect(await getOptionalUser(getRequest("/", first))).toBeNull();
    expect(await getOptionalUser(getRequest("/", second))).not.toBeNull();
  });

  it("ignores an expired session and deletes expired sessions at the next login", async () => {
    const user = await createUser({ email: "ana@example.test" });
    const cookie = cookieFrom(await logIn("ana@example.test", "secreto123"));
    await prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getOptionalUser(getRequest("/", cookie))).toBeNull();

    const other = await createUser({ email: "beto@example.test" });
    await logIn(other.email, "secreto123");
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("deletes the session at logout and clears the cookie", async () => {
    const user = await createUser({ email: "ana@example.test" });
    const cookie = cookieFrom(await logIn("ana@example.test", "secreto123"));
    const outcome = await callAction(logoutAction, formRequest("/logout", {}, { cookie }));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/");
    expect(outcome.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await getOptionalUser(getRequest("/", cookie))).toBeNull();
  });
});

describe("registration", () => {
  const fields = {
    name: "Lucía Pérez",
    email: "Lucia@Example.test",
    password: "secreto1",
    confirmPassword: "secreto1",
    redirectTo: "/producto/3",
  };

  it("creates the account with an argon2id hash and a customer role row, and logs in", async () => {
    const outcome = await callAction(registerAction, formRequest("/register", fields));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/producto/3");
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: "lucia@example.test" },
      include: { role: true },
    });
    expect(user.name).toBe("Lucía Pérez");
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.role?.role).toBe("customer");
    const me = await getOptionalUser(getRequest("/", cookieFrom(outcome)));
    expect(me).toMatchObject({ id: user.id, displayName: "Lucía Pérez", role: "customer" });
  });

  it("refuses an e-mail that already has an account", async () => {
    await createUser({ email: "lucia@example.test" });
    const outcome = await callAction(registerAction, formRequest("/register", fields));
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({ email: ["Ya existe una cuenta con este email"] });
    expect(keptValuesOf(outcome)).toMatchObject({ name: "Lucía Pérez", email: "Lucia@Example.test" });
    expect(JSON.stringify(outcome.body)).not.toContain("secreto1");
  });

  it("returns every register validation message", async () => {
    const outcome = await callAction(
      registerAction,
      formRequest("/register", { name: "", email: "", password: "", confirmPassword: "" }),
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({
      name: ["El nombre es requerido"],
      email: ["El email es requerido"],
      password: ["La contraseña es requerida"],
      confirmPassword: ["Confirma tu contraseña"],
    });
    expect(await prisma.user.count()).toBe(0);
  });

  it("creates nothing when the honeypot is filled", async () => {
    const outcome = await callAction(
      registerAction,
      formRequest("/register", { ...fields, [HONEYPOT_FIELD]: "http://spam" }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toBe(HONEYPOT_MESSAGE);
    expect(await prisma.user.count()).toBe(0);
  });

  it("refuses a name with a NUL character with a Spanish message, creating nothing", async () => {
    const outcome = await callAction(registerAction, formRequest("/register", { ...fields, name: "Lucía\u0000" }));
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({ name: ["Contiene caracteres no válidos"] });
    expect(await prisma.user.count()).toBe(0);
  });

  it("flashes the pixel's CompleteRegistration event to the next page, once", async () => {
    const outcome = await callAction(registerAction, formRequest("/register", fields));
    const cookie = cookieFrom(outcome);
    const first = await readFlashes(getRequest("/", cookie));
    expect(first.pixelEvent).toMatch(/^CompleteRegistration:[0-9a-f-]{36}$/);
    const cleared = first.setCookie!.split(";")[0]!;
    expect(await readFlashes(getRequest("/", cleared))).toEqual({ flash: null, pixelEvent: null, setCookie: null });
    // The session survives the clearing.
    expect(await getOptionalUser(getRequest("/", cleared))).not.toBeNull();
  });
});
