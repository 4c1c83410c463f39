/**
 * What the end-to-end server is started with and how the tests reach its embedded database.
 * The ports come from the environment the Playwright runner set up (playwright.config.ts).
 */
export const E2E_SESSION_SECRET = "e2e-tests-secret-0123456789abcdef";

function portFromEnv(name: "E2E_PORT" | "E2E_PGLITE_PORT") {
  const port = Number(process.env[name]);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`${name} is not set: run the end-to-end tests through playwright.config.ts.`);
  }
  return port;
}

export function e2eBaseUrl() {
  return `http://localhost:${portFromEnv("E2E_PORT")}`;
}

/** The e2e server's embedded PGlite, served on loopback (scripts/lib/pglite-server.mjs). */
export function e2eDatabaseUrl() {
  return `postgresql://postgres:postgres@127.0.0.1:${portFromEnv("E2E_PGLITE_PORT")}/postgres`;
}
