import { beforeEach, describe, expect, it } from "vitest";
import type { RoleName } from "~/lib/roles";
import { loader as adminLoader } from "~/routes/admin";
import { loader as outboxLoader } from "~/routes/admin.outbox";
import { action as forgotAction } from "~/routes/forgot-password";
import { loader as ordersLoader } from "~/routes/orders";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { deliverPendingEmails, sendEmail } from "~/utils/email.server";
import { createUserSession } from "~/utils/session.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction, callLoader, formRequest, getRequest } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
});

async function cookieFor(role: RoleName, email = `${role}@example.test`) {
  const user = await createUser({ email, role });
  return (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
}

describe("guards", () => {
  it("send logged-out visitors of /orders and /admin to /", async () => {
    for (const [loader, path] of [
      [ordersLoader, "/orders"],
      [adminLoader, "/admin"],
      [outboxLoader, "/admin/outbox"],
    ] as const) {
      const outcome = await callLoader(loader, getRequest(path));
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toBe("/");
    }
  });

  it("let customers see /orders but answer 403 on /admin", async () => {
    const cookie = await cookieFor("customer");
    expect((await callLoader(ordersLoader, getRequest("/orders", cookie))).status).toBe(200);
    expect((await callLoader(adminLoader, getRequest("/admin", cookie))).status).toBe(403);
    expect((await callLoader(outboxLoader, getRequest("/admin/outbox", cookie))).status).toBe(403);
  });

  it("open the panel to workers and admins, with their role", async () => {
    for (const role of ["worker", "admin"] as const) {
      const outcome = await callLoader(adminLoader, getRequest("/admin", await cookieFor(role)));
      expect(outcome).toMatchObject({ status: 200, body: { user: { role } } });
    }
  });

  it("read the role from the database on every request", async () => {
    const cookie = await cookieFor("worker");
    expect((await callLoader(adminLoader, getRequest("/admin", cookie))).status).toBe(200);
    await prisma.userRole.deleteMany();
    expect((await callLoader(adminLoader, getRequest("/admin", cookie))).status).toBe(403);
  });
});

describe("staff outbox", () => {
  async function resetLinkSeenBy(viewer: string, recipient: string) {
    await callAction(forgotAction, formRequest("/forgot-password", { email: recipient }));
    const outcome = await callLoader(outboxLoader, getRequest("/admin/outbox", viewer));
    const emails = (outcome.body as { emails: { to: string; text: string }[] }).emails;
    return emails.find((e) => e.to === recipient)!.text;
  }

  it("hides every reset link from staff on a shop that is not on localhost, a customer's included", async () => {
    process.env.APP_ORIGIN = "https://joyeriaaurora.mx";
    resetEnvCache();
    try {
      const admin = await cookieFor("admin");
      await createUser({ email: "cliente@example.test" });
      const customerLink = await resetLinkSeenBy(admin, "cliente@example.test");
      expect(customerLink).toContain("token=[oculto]");
      expect(customerLink).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    } finally {
      delete process.env.APP_ORIGIN;
      resetEnvCache();
    }
  });

  it("shows local reset links only to an admin on a shop that runs on localhost; a worker never (issue 37)", async () => {
    process.env.APP_ORIGIN = "http://localhost:3000";
    resetEnvCache();
    try {
      const admin = await cookieFor("admin");
      await createUser({ email: "cliente@example.test" });
      expect(await resetLinkSeenBy(admin, "cliente@example.test")).toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
      const worker = await cookieFor("worker");
      await createUser({ email: "otra@example.test" });
      const hidden = await resetLinkSeenBy(worker, "otra@example.test");
      expect(hidden).toContain("token=[oculto]");
      expect(hidden).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    } finally {
      delete process.env.APP_ORIGIN;
      resetEnvCache();
    }
  });
});

describe("e-mail delivery", () => {
  it("keeps e-mails in the local outbox without SMTP", async () => {
    const id = await sendEmail(
      { to: "a@example.test", subject: "Hola", html: "<p>Hola</p>", text: "Hola", kind: "test" },
      { smtpUrl: null },
    );
    expect(await prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "local",
      attempts: 0,
    });
  });

  it("records a failed SMTP attempt and schedules a retry with back-off", async () => {
    const smtpUrl = "smtp://127.0.0.1:1"; // nothing listens there
    const row = await prisma.outboxEmail.create({
      data: {
        to: "a@example.test",
        subject: "Hola",
        html: "<p>Hola</p>",
        text: "Hola",
        kind: "test",
        status: "pending",
      },
    });
    expect(await deliverPendingEmails({ smtpUrl })).toBe(0);
    const after = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "pending", attempts: 1 });
    expect(after.lastError).toBeTruthy();
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: the next run leaves it alone.
    expect(await deliverPendingEmails({ smtpUrl })).toBe(0);
    expect((await prisma.outboxEmail.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(1);
  });
});
