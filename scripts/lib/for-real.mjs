/**
 * "Running for real": the one rule the scripts (and the commands they start) use to tell a shop that
 * serves the public from a developer's machine. The shop runs for real when
 *   - NODE_ENV=production is set explicitly (the container image sets it), or
 *   - APP_ORIGIN names a public host (anything but localhost, 127.0.0.1 and [::1]).
 * Running for real, every embedded default must be asked for explicitly, a half configuration refuses
 * to start, and development data (accounts with published passwords, demo catalogues) is never written
 * into a database that holds real data (docs/decisions/027-safe-in-production-by-default.md).
 *
 * Plain JavaScript with no dependencies: scripts/start.mjs, scripts/lib/database.mjs and the bundled
 * commands (prisma/seed.ts) import it.
 */

/** The host names of a shop that only its own machine reaches. */
export const LOCAL_HOSTNAMES = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

/** True when `origin` (an absolute URL) is on this machine only; false for anything else, unparsable included. */
export function isLocalOrigin(origin) {
  try {
    return LOCAL_HOSTNAMES.includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * Why the shop runs for real (a short phrase naming the variable, for messages), or null on a
 * developer's machine. An empty variable counts as unset, as everywhere in the shop.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
export function forRealBecause(env = process.env) {
  if (env.NODE_ENV === "production") return "NODE_ENV=production";
  const origin = env.APP_ORIGIN;
  if (origin && !isLocalOrigin(origin)) return `APP_ORIGIN=${origin} is not localhost`;
  return null;
}

/**
 * True when the shop runs for real (see `forRealBecause`).
 * @param {Record<string, string | undefined>} [env]
 */
export function isRunningForReal(env = process.env) {
  return forRealBecause(env) !== null;
}
