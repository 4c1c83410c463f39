import { forRealBecause } from "./for-real.mjs";

/**
 * Which database the scripts open (scripts/lib/database.mjs `openDatabase`: `npm start`, `npm run setup`
 * and every `npm run <command>` that goes through scripts/with-db.mjs):
 *   - DATABASE_URL when it is set;
 *   - otherwise the embedded PGlite, on a developer's machine (the default, nothing to install);
 *   - running for real (scripts/lib/for-real.mjs: NODE_ENV=production, or a public APP_ORIGIN) the
 *     embedded database only when asked for with EMBEDDED_DATABASE=1: a forgotten or misspelled
 *     DATABASE_URL must not put a shop's orders into a directory nobody backs up. Without it the
 *     start refuses, naming the variable (and any variable that looks like a misspelling of it).
 * EMBEDDED_DATABASE=0 refuses the embedded database anywhere.
 */

/** The variable that asks for the embedded database when the shop runs for real. */
export const EMBEDDED_DATABASE = "EMBEDDED_DATABASE";

/** Variables of the shop whose names are close to DATABASE_URL but are no misspelling of it. */
const KNOWN = new Set([
  "DATABASE_URL",
  "DATABASE_POOL_MAX",
  "DATABASE_EMBEDDED",
  "EMBEDDED_DATABASE",
  "TEST_POSTGRES_URL",
]);

/**
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ embedded: false, url: string } | { embedded: true }}
 * @throws {Error} with the message for the operator when no database may be used
 */
export function chooseDatabase(env = process.env) {
  const asked = embeddedSetting(env[EMBEDDED_DATABASE]);
  if (env.DATABASE_URL) {
    if (asked === true) {
      throw new Error(
        `DATABASE_URL and ${EMBEDDED_DATABASE}=1 are both set: unset ${EMBEDDED_DATABASE} to use the PostgreSQL server of DATABASE_URL, or unset DATABASE_URL to use the embedded database.`,
      );
    }
    return { embedded: false, url: env.DATABASE_URL };
  }
  const because = forRealBecause(env);
  if (asked === true || (asked === undefined && because === null)) return { embedded: true };

  const unset = env.DATABASE_URL === "" ? "DATABASE_URL is empty" : "DATABASE_URL is not set";
  const why = asked === false ? `${EMBEDDED_DATABASE}=0` : because;
  const lookalikes = misspelledDatabaseUrl(env);
  const hint =
    lookalikes.length > 0
      ? ` ${lookalikes.join(", ")} ${lookalikes.length === 1 ? "is" : "are"} set: did you mean DATABASE_URL?`
      : "";
  const dataDir = env.PGLITE_DATA_DIR || "data/pglite";
  throw new Error(
    `${unset} (${why}): refusing to start on the embedded database.${hint} ` +
      `Set DATABASE_URL=postgresql://user:password@host:5432/database for a PostgreSQL server` +
      (asked === false
        ? "."
        : `, or ${EMBEDDED_DATABASE}=1 to keep the shop's data in the embedded database (${dataDir}; keep it on a volume and back it up).`),
  );
}

/** `1`/`true`: asked for; `0`/`false`: refused; unset or empty: undefined. Anything else is an error. */
function embeddedSetting(value) {
  if (value === undefined || value === "") return undefined;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw new Error(`${EMBEDDED_DATABASE} must be 1 or 0, not "${value}".`);
}

/**
 * Variables that look like a misspelt DATABASE_URL (DATABSE_URL, DATABASE_URI, database_url, …) or that
 * hold a postgres:// URL under another name (POSTGRES_URL). Names only: values may hold passwords.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function misspelledDatabaseUrl(env) {
  return Object.keys(env)
    .filter((name) => !KNOWN.has(name) && env[name])
    .filter(
      (name) => editDistance(name.toUpperCase(), "DATABASE_URL") <= 3 || /^postgres(ql)?:\/\//i.test(env[name] ?? ""),
    )
    .sort();
}

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
function editDistance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
