import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

export type ShopServer = {
  url: string;
  stop: () => Promise<void>;
  output: () => string;
  /** Sends the server process a signal (SIGTERM: a graceful shutdown). */
  kill: (signal: NodeJS.Signals) => void;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/**
 * Runs the real HTTP server (server/index.mjs) on the production build, on a free port, against the
 * test database, as `npm start` would: every check that happens before Remix is exercised too.
 */
export async function startShopServer(env: Record<string, string> = {}): Promise<ShopServer> {
  if (!fs.existsSync(path.join(root, "build/index.js"))) {
    throw new Error("No production build: run `npm run build` before the integration tests.");
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server/index.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      APP_ORIGIN: "https://tienda.example",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "integration-tests-secret-0123456789",
      ...env,
    },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = () => {
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    exited,
    kill: (signal) => child.kill(signal),
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The real server for the tests of one file: started before the first, stopped after the last.
 * `url` is read inside the tests (it exists once the server listens).
 */
export function shopServerForFile(env: Record<string, string> = {}): { readonly url: string } {
  let shop: ShopServer | undefined;
  beforeAll(async () => {
    shop = await startShopServer(env);
  });
  afterAll(async () => {
    await shop?.stop();
  });
  return {
    get url() {
      if (!shop) throw new Error("the shop server is not running yet");
      return shop.url;
    },
  };
}
