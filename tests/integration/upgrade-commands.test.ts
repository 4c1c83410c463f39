import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDatabase, freePort, waitForDatabase } from "../../scripts/lib/database.mjs";
import { root, runNode, startNode } from "../support/processes";
import { send } from "./http-client";

/**
 * The operator's upgrade commands (docs/operations.md, "Upgrades"): a database that refuses the login
 * or does not exist stops the wait at once with what to fix (a server still starting is waited for),
 * `npm run migrate` applies what is pending and is idempotent, and `MIGRATE_ON_START=0` starts the shop
 * without migrating — not ready until `npm run migrate` has run, then ready without a restart.
 */
const serverRun = process.env.DATABASE_EMBEDDED === "0";

/** Runs `node <script>` in the project with `env`; resolves with its exit code and output. */
function runScript(script: string, env: Record<string, string>) {
  return runNode([path.join(root, script)], { env: { LOG_FORMAT: "json", ...env } });
}

/** The test database's URL with one part changed. */
function variant(change: (url: URL) => void): string {
  const url = new URL(process.env.DATABASE_URL!);
  change(url);
  return url.toString();
}

describe("waiting for the database", () => {
  it("keeps waiting while nothing answers (a server still starting), until its deadline", async () => {
    const started = Date.now();
    const url = `postgresql://joyeria:secreto@127.0.0.1:${await freePort()}/joyeria`;
    await expect(waitForDatabase(url, { timeoutMs: 1500 })).rejects.toThrow(/did not answer within 1500 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  // PGlite accepts any password and any database name: only a real server refuses them.
  describe.runIf(serverRun)("on a PostgreSQL server", () => {
    it.each([
      [
        "a wrong password",
        (url: URL) => (url.password = "contrasena-equivocada"),
        /\(28P01\): check the user name and password in DATABASE_URL/,
      ],
      ["an unknown role", (url: URL) => (url.username = "nadie_conocido"), /\((28P01|28000)\): check the user name/],
      [
        "an unknown database",
        (url: URL) => (url.pathname = "/no_existe_joyeria"),
        /\(3D000\): check the database name in DATABASE_URL/,
      ],
    ])("fails at once with %s, saying what to fix and hiding the password", async (_, change, message) => {
      const url = variant(change);
      const started = Date.now();
      const error = await waitForDatabase(url, { timeoutMs: 60_000 }).catch((e: unknown) => e);
      const took = Date.now() - started;
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(":***@");
      expect((error as Error).message).not.toContain("contrasena-equivocada");
      // Was 60 s of retries; a refused login answers in milliseconds (5 s of slack for a loaded machine).
      expect(took).toBeLessThan(5_000);
    });

    it("npm run migrate stops at once on a wrong password, exit code 1", async () => {
      const started = Date.now();
      const run = await runScript("scripts/migrate.mjs", {
        DATABASE_URL: variant((url) => (url.password = "contrasena-equivocada")),
      });
      expect(run.code).toBe(1);
      expect(run.output).toMatch(/"level":"fatal".*28P01/);
      expect(Date.now() - started).toBeLessThan(20_000);
    });
  });
});

describe("npm run migrate", () => {
  /** A new, empty database of the kind this run uses, with its URL for the migrate command's environment. */
  async function emptyDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
    if (serverRun) {
      const db = await createDatabase(process.env.TEST_POSTGRES_URL!, "joyeria_migrate");
      return { env: { DATABASE_URL: db.url }, drop: db.drop };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-migrate-"));
    return {
      env: { DATABASE_URL: "", PGLITE_DATA_DIR: path.join(dir, "pglite") },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }

  it("applies every pending migration, then finds nothing to do", { timeout: 240_000 }, async () => {
    const db = await emptyDatabase();
    try {
      const shipped = fs
        .readdirSync(path.join(root, "prisma/migrations"), { withFileTypes: true })
        .filter((e) => e.isDirectory()).length;
      const first = await runScript("scripts/migrate.mjs", db.env);
      expect(first.output).toContain(`Migrations: applying ${shipped} to`);
      expect(first.code).toBe(0);

      // The second run reads what the database has applied: nothing is left.
      const again = await runScript("scripts/migrate.mjs", db.env);
      expect(again.code).toBe(0);
      expect(again.output).toContain("is up to date, nothing to apply");
    } finally {
      await db.drop();
    }
  });

  it.runIf(serverRun)(
    "with MIGRATE_ON_START=0 the shop starts unmigrated and unready, and is ready once it has run",
    { timeout: 240_000 },
    async () => {
      const db = await createDatabase(process.env.TEST_POSTGRES_URL!, "joyeria_migrate_start");
      const env: Record<string, string> = {
        DATABASE_URL: db.url,
        MIGRATE_ON_START: "0",
        NODE_ENV: "production",
        APP_ORIGIN: "https://tienda.example",
        SESSION_SECRET: "integration-tests-secret-0123456789",
        PORT: "0",
        LOG_FORMAT: "json",
      };
      const shop = startNode([path.join(root, "scripts/start.mjs")], { env });
      try {
        const [, port] = await shop.waitForOutput(/listening on http:\/\/localhost:(\d+)/, "the shop listening");
        const base = `http://127.0.0.1:${port}`;
        const output = shop.output();
        expect(output).toMatch(/"level":"warn".*MIGRATE_ON_START=0 and \d+ migration\(s\) pending/);
        const before = await send(base, { path: "/readyz" });
        expect(before.status).toBe(503);
        expect(before.body).toMatch(/^not ready: migrations pending: /);

        const migrate = await runScript("scripts/migrate.mjs", { DATABASE_URL: db.url });
        expect(migrate.code).toBe(0);
        const after = await send(base, { path: "/readyz" });
        expect(after.status).toBe(200);
        expect(after.body).toBe("ready");
      } finally {
        await shop.stop();
        await db.drop();
      }
    },
  );
});
