import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

/**
 * Runs the Prisma CLI with the environment that keeps it from looking for native engines:
 * a `postgresql://` URL even when generating, and long timers unref'd so it exits promptly.
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, stdio?: import("node:child_process").StdioOptions,
 *   onStderr?: (chunk: Buffer) => void }} [options] with `onStderr`, standard error is piped to it
 * @returns {Promise<number>} exit code
 */
export function runPrisma(args, options = {}) {
  const env = { ...process.env, ...options.env };
  const cli = require.resolve("prisma/build/index.js");
  const preload = path.join(root, "scripts/unref-timers.cjs");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      stdio: options.stdio ?? "inherit",
      env: {
        ...env,
        DATABASE_URL: env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:5432/postgres",
        PRISMA_QUERY_ENGINE_LIBRARY: "/bin/false",
        PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
        CHECKPOINT_DISABLE: "1",
        NODE_OPTIONS: [env.NODE_OPTIONS, `--require ${preload}`].filter(Boolean).join(" "),
      },
    });
    if (options.onStderr) child.stderr?.on("data", options.onStderr);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
