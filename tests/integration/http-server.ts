import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { root, startNode } from "../support/processes";

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
  const server = startNode([path.join(root, "server/index.mjs")], {
    env: {
      NODE_ENV: "production",
      PORT: "0",
      APP_ORIGIN: "https://tienda.example",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "integration-tests-secret-0123456789",
      ...env,
    },
  });
  const [, address] = await server
    .waitForOutput(/listening on (http:\/\/localhost:\d+)/, "server listening")
    .catch((error: unknown) => {
      server.kill("SIGKILL");
      throw error;
    });
  return {
    url: address!.replace("localhost", "127.0.0.1"),
    exited: server.exited,
    kill: (signal) => server.kill(signal),
    output: server.output,
    stop: async () => void (await server.stop()),
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
