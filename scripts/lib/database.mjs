import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { chooseDatabase } from "./database-choice.mjs";
import { runPrisma } from "./prisma.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** @returns {Promise<number>} a free TCP port on loopback */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** `createDatabase` for the benches, which stop every database they open with `stop()`. */
export async function createPostgresDatabase(baseUrl, prefix) {
  const database = await createDatabase(baseUrl, prefix);
  return { url: database.url, stop: database.drop };
}

/**
 * PostgreSQL's answers that no amount of waiting changes: a wrong password (28P01), a role refused or
 * unknown (28000), a database that does not exist (3D000). A server still starting (refused connection,
 * 57P03 "starting up") is worth waiting for; these are not.
 */
const FINAL_CONNECTION_ERRORS = {
  "28P01": "check the user name and password in DATABASE_URL",
  28000: "check the user name in DATABASE_URL and the server's pg_hba.conf",
  "3D000": "check the database name in DATABASE_URL, or create it (createdb -O <user> <name>)",
};

/**
 * Waits until a PostgreSQL server answers `select 1` at `url`. Fails at once, with what to fix, when
 * the server refuses the login or does not have the database (FINAL_CONNECTION_ERRORS).
 */
export async function waitForDatabase(url, { timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
      const fix = FINAL_CONNECTION_ERRORS[error?.code];
      if (fix) {
        throw new Error(
          `The database at ${redact(url)} refused the connection: ${error.message} (${error.code}): ${fix}.`,
        );
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`The database at ${redact(url)} did not answer within ${timeoutMs} ms: ${lastError?.message}`);
}

/**
 * Creates an empty database named `prefix`_pid_time on the server of `serverUrl` (whose role may create
 * databases) and returns its URL; `drop()` removes it, even with connections still open.
 */
export async function createDatabase(serverUrl, prefix) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /**
     * Ends this role's connections to it, then drops it. Not `WITH (FORCE)`: that refuses to end a
     * process of another role, and an autovacuum worker analysing the tests' writes is one (seen on a
     * loaded machine: "must be a member of the role whose process is being terminated"). A plain DROP
     * stops autovacuum itself and waits for it; a connection that is still closing is waited for too.
     */
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        for (let attempt = 1; ; attempt += 1) {
          await c.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()`,
            [name],
          );
          try {
            await c.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (error) {
            // 55006: "is being accessed by other users" (a connection still ending, autovacuum's wait).
            if (error?.code !== "55006" || attempt === 20) throw error;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * An integer setting of the scripts from `process.env[name]`, or undefined when unset.
 * Throws with the variable's name when the value is not an integer in [min, max].
 */
function integerFromEnv(name, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}

/**
 * Starts PGlite in its own process, owning `dataDir` (or in memory), served over the PostgreSQL protocol
 * (./pglite-server.mjs).
 * Only one process may ever open a PGlite directory, so a lock file guards it.
 * `port` defaults to a free one; `maxConnections` (default 4) bounds the clients it accepts
 * at once, the app's single connection included.
 * @param {{ dataDir?: string, port?: number, maxConnections?: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startPglite({ dataDir, port, maxConnections = 4 } = {}) {
  if (dataDir === "memory://") dataDir = undefined;
  let lockFile;
  if (dataDir) {
    const absolute = path.resolve(root, dataDir);
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    lockFile = `${absolute}.lock`;
    if (fs.existsSync(lockFile)) {
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      if (pid && isAlive(pid)) {
        throw new Error(
          `The embedded database ${dataDir} is already in use by process ${pid} (another "npm start" or "npm run dev"?). ` +
            `Stop it first, or set DATABASE_URL to use a PostgreSQL server.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  const listenPort = port ?? (await freePort());
  // Our own server, not pglite-socket's: that one let two clients' messages interleave (decision 073).
  const server = path.join(root, "scripts/lib/pglite-server.mjs");
  const child = spawn(
    process.execPath,
    [
      server,
      `--db=${dataDir ? path.resolve(root, dataDir) : "memory://"}`,
      `--port=${listenPort}`,
      "--host=127.0.0.1",
      `--max-connections=${maxConnections}`,
    ],
    { cwd: root, stdio: ["ignore", process.env.PGLITE_LOG ? "inherit" : "ignore", "inherit"] },
  );
  if (lockFile) fs.writeFileSync(lockFile, String(child.pid));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const cleanup = () => {
    if (lockFile) fs.rmSync(lockFile, { force: true });
  };
  child.on("exit", cleanup);
  const stopOnExit = () => child.kill("SIGTERM");
  process.on("exit", stopOnExit);

  const url = `postgresql://postgres:postgres@127.0.0.1:${listenPort}/postgres`;
  try {
    await Promise.race([
      // A wide bound: the wait ends as soon as it answers, or at once if the process dies; on a loaded
      // machine PGlite's WebAssembly start-up alone has taken over 30 s.
      waitForDatabase(url, { timeoutMs: 180_000 }),
      exited.then((code) => {
        throw new Error(`The embedded database exited during start-up (code ${code}).`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    async stop() {
      process.off("exit", stopOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      cleanup();
    },
  };
}

/**
 * The database every command uses: `DATABASE_URL` when set, otherwise the embedded PGlite
 * in `data/pglite` (started here and stopped with `stop()`; when the shop runs for real, only with
 * EMBEDDED_DATABASE=1, else this throws with the operator's message). The embedded database listens on
 * `PGLITE_PORT` when set (so another process, such as the end-to-end tests, can reach it) and
 * accepts `PGLITE_MAX_CONNECTIONS` clients.
 */
export async function openDatabase({ dataDir = process.env.PGLITE_DATA_DIR || "data/pglite" } = {}) {
  // Running for real, the embedded database only when asked for (EMBEDDED_DATABASE=1): see ./database-choice.mjs.
  const choice = chooseDatabase();
  if (!choice.embedded) return { url: choice.url, embedded: false, stop: async () => {} };
  const pglite = await startPglite({
    dataDir,
    port: integerFromEnv("PGLITE_PORT", 1, 65_535),
    maxConnections: integerFromEnv("PGLITE_MAX_CONNECTIONS", 2, 1000),
  });
  return { url: pglite.url, embedded: true, stop: pglite.stop };
}

/**
 * The migrations in prisma/migrations that `url` has not applied (all of them on a new database; a
 * failed one counts as not applied). The same rule as the shop's readiness (app/utils/health.server.ts).
 */
export async function pendingMigrations(url) {
  const shipped = fs
    .readdirSync(path.join(root, "prisma/migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`);
    if (!tables[0].exists) return shipped;
    const { rows } = await client.query(
      `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const done = new Set(rows.map((row) => row.migration_name));
    return shipped.filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Applies every migration in prisma/migrations (idempotent). The Prisma CLI (seconds of start-up) runs
 * only when one is pending, so a restart of an up-to-date shop does not wait for it. `quiet` prints
 * nothing unless it fails (then the CLI's own report), so a container's log stays one JSON object per line.
 */
export async function migrateDeploy(url, { quiet = false } = {}) {
  if ((await pendingMigrations(url)).length === 0) return;
  const report = [];
  const code = await runPrisma(["migrate", "deploy"], {
    env: { DATABASE_URL: url },
    stdio: quiet ? ["ignore", "ignore", "pipe"] : "inherit",
    ...(quiet ? { onStderr: (chunk) => report.push(chunk) } : {}),
  });
  if (code !== 0) {
    if (quiet) process.stderr.write(Buffer.concat(report));
    throw new Error(`prisma migrate deploy failed (exit code ${code}).`);
  }
}

/**
 * Runs a command with the given environment and resolves with its exit code. With `output` (an array),
 * its standard output and error are collected there instead of shown.
 */
export function run(command, args, env, { output, ...options } = {}) {
  return new Promise((resolve) => {
    const stdio = output ? ["ignore", "pipe", "pipe"] : "inherit";
    const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...env }, ...options });
    child.stdout?.on("data", (chunk) => output?.push(chunk));
    child.stderr?.on("data", (chunk) => output?.push(chunk));
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    // "close", not "exit": the collected output is complete only once the pipes have closed.
    child.on(output ? "close" : "exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
