import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeAuditChanges } from "~/lib/audit";
import { isResetTokenValid, requestPasswordReset } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { createUser, resetDatabase } from "../db-utils";
import { root, runNode } from "../support/processes";

/**
 * The operators' account commands as an operator runs them (build/commands/*.js, child processes
 * against the test database): create-admin and reset-password apply the shop's password policy,
 * reset-password ends the account's sessions and links and leaves a trace, and a missing setting
 * is one line, not a stack trace.
 */

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs a built command; without ADMIN_PASSWORD it reads standard input: nothing (an empty password). */
function runCommand(name: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return runNode([path.join(root, `build/commands/${name}.js`), ...args], { env, stdin: "closed" });
}

beforeAll(() => {
  for (const name of ["create-admin", "reset-password"]) {
    if (!fs.existsSync(path.join(root, `build/commands/${name}.js`))) {
      throw new Error("No production build: run `npm run build` before the integration tests.");
    }
  }
});

beforeEach(async () => {
  await resetDatabase();
});

/** The issue's examples (the policy itself is unit-tested: app/lib/guessable-password.test.ts). */
const WEAK = ["zzzzzz", "aaaaaaaa", "Joyeria2024"];

/** Each run starts a Node process that loads the app's modules: seconds each on a loaded machine. */
const SLOW = 180_000;

describe("create-admin", () => {
  it(
    "refuses weak passwords with the registration's message, and creates the admin with a good one",
    async () => {
      const email = `duena-${crypto.randomUUID().slice(0, 6)}@example.test`;
      for (const password of WEAK) {
        const run = await runCommand("create-admin", ["--email", email], { ADMIN_PASSWORD: password });
        expect(run.code, password).toBe(1);
        expect(run.stderr, password).toMatch(
          /✘ password: (Esta contraseña es de las más usadas|La contraseña debe tener)/,
        );
      }
      expect(await prisma.user.count({ where: { email } })).toBe(0);
      const run = await runCommand("create-admin", ["--email", email], { ADMIN_PASSWORD: "brillo-de-plata-925" });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Admin account created: ${email}`);
    },
    SLOW,
  );

  it(
    "without APP_ORIGIN in production stops with one line naming it, no stack trace",
    async () => {
      for (const name of ["create-admin", "reset-password"]) {
        const run = await runCommand(name, ["--email", "ana@example.test"], {
          NODE_ENV: "production",
          APP_ORIGIN: undefined,
          SESSION_SECRET: "integration-tests-secret-0123456789",
          ADMIN_PASSWORD: "brillo-de-plata-925",
        });
        expect(run.code, name).toBe(1);
        expect(run.stderr.trim().split("\n"), name).toHaveLength(1);
        expect(run.stderr, name).toMatch(new RegExp(`^✘ ${name}: APP_ORIGIN is required in production`));
        expect(run.stderr, name).not.toMatch(/\n\s+at /);
      }
    },
    SLOW,
  );
});

describe("reset-password", () => {
  it(
    "sets a staff member's new password, ends their sessions and links, and records it",
    async () => {
      const admin = await createUser({ role: "admin", password: "olvidada-hace-tiempo" });
      await prisma.session.create({
        data: { id: crypto.randomUUID(), userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000) },
      });
      await prisma.loginLink.create({
        data: { userId: admin.id, tokenHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) },
      });
      await requestPasswordReset(admin.email, "http://localhost:3000");
      const resetMail = await prisma.outboxEmail.findFirstOrThrow({
        where: { to: admin.email, kind: "password-reset" },
      });
      const token = /token=([^"&\s]+)/.exec(resetMail.text)![1]!;
      expect(await isResetTokenValid(decodeURIComponent(token))).toBe(true);

      const weak = await runCommand("reset-password", ["--email", admin.email], { ADMIN_PASSWORD: "Joyeria2024" });
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain(
        "✘ password: Esta contraseña es de las más usadas y fácil de adivinar. Elige otra.",
      );
      expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);

      const run = await runCommand("reset-password", ["--email", admin.email.toUpperCase()], {
        ADMIN_PASSWORD: "nuevo-brillo-de-oro",
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`New password set for ${admin.email}; 1 session`);
      const { passwordHash } = await prisma.user.findUniqueOrThrow({ where: { id: admin.id } });
      expect(await verifyPassword(passwordHash, "nuevo-brillo-de-oro")).toBe(true);
      expect(await verifyPassword(passwordHash, "olvidada-hace-tiempo")).toBe(false);
      // Nothing issued before lets anyone in any more.
      expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
      expect(await prisma.loginLink.count({ where: { userId: admin.id, usedAt: null } })).toBe(0);
      expect(await isResetTokenValid(decodeURIComponent(token))).toBe(false);
      // The trail says what happened, in Spanish; the owner is told by e-mail.
      const entry = await prisma.auditEntry.findFirstOrThrow({ where: { action: "password_reset" } });
      expect(entry).toMatchObject({ userId: admin.id, actorEmail: "reset-password (línea de comandos)" });
      expect(describeAuditChanges(entry).map((c) => `${c.label}: ${c.after}`)).toEqual(["Sesiones cerradas: 1"]);
      expect(await prisma.outboxEmail.count({ where: { to: admin.email, kind: "password-changed" } })).toBe(1);
    },
    SLOW,
  );

  it(
    "refuses a customer account and an unknown e-mail, changing nothing",
    async () => {
      const customer = await createUser({ password: "de-cliente-123" });
      const before = await prisma.user.findUniqueOrThrow({ where: { id: customer.id } });
      const refused = await runCommand("reset-password", ["--email", customer.email], {
        ADMIN_PASSWORD: "nuevo-brillo-de-oro",
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is a customer account");
      expect(refused.stderr).toContain("/forgot-password");
      const unknown = await runCommand("reset-password", ["--email", "nadie@example.test"], {
        ADMIN_PASSWORD: "nuevo-brillo-de-oro",
      });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("There is no account with the e-mail nadie@example.test");
      expect(await prisma.user.findUniqueOrThrow({ where: { id: customer.id } })).toEqual(before);
      expect(await prisma.auditEntry.count()).toBe(0);
      const usage = await runCommand("reset-password", []);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("Usage: npm run reset-password -- --email");
    },
    SLOW,
  );
});
