import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../scripts/lib/database.mjs";

/** The newest PostgreSQL server binaries installed by Debian's packages, or null. */
export function postgresBinaries(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

/**
 * A throwaway PostgreSQL server of the test's own (initdb in a temporary directory, on a free port),
 * which the test may stop and start: the fault tests take the database away from a running shop.
 * PostgreSQL refuses to run as root, so as root (CI) its commands run as the `postgres` user.
 */
export async function startPostgresCluster(bin: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const run = (command: string, args: string[]) => {
    const quoted = [path.join(bin, command), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    if (asRoot) execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "pipe" });
    else execFileSync(path.join(bin, command), args, { stdio: "pipe" });
  };
  run("initdb", ["-D", data, "-U", "joyeria", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const admin = new pg.Client({ connectionString: `postgresql://joyeria@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE joyeria");
  await admin.end();
  return {
    url: `postgresql://joyeria@127.0.0.1:${port}/joyeria`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
