import { randomBytes } from "node:crypto";
import { remember } from "@epic-web/remember";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "~/generated/prisma/client";
import { isDatabaseUnavailable } from "./database-errors.server";
import { type PoolName, poolSizes } from "./pool-sizes";
import { createPriorityGate, type PriorityGate } from "./priority-gate";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/** How long a query waits for a connection before the database counts as unavailable (a 503). */
const CONNECTION_TIMEOUT_MS = 10_000;

/** The configured split of the connections (pool-sizes.ts), or null for one shared pool. */
function configuredPoolSizes() {
  const env = getEnv();
  return poolSizes(env.DATABASE_POOL_MAX, env.DATABASE_EMBEDDED === "1");
}

function createPool(name: PoolName) {
  const env = getEnv();
  const embedded = env.DATABASE_EMBEDDED === "1";
  const sizes = configuredPoolSizes();
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: sizes ? sizes[name] : 1,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // The embedded database's one connection stays open: PGlite keeps a closed connection's prepared
    // statements (see readRows), so closing it when idle would leave two behind every quiet minute.
    idleTimeoutMillis: embedded ? 0 : 30_000,
  });
  survivePoolErrors(pool);
  releaseLostConnections(pool);
  return pool;
}

/** The pool of `name`: Prisma's, or the reads' (the same one when the budget cannot be split). */
function poolOf(name: PoolName): pg.Pool {
  return name === "reads" && configuredPoolSizes() !== null
    ? remember("pg-pool-reads", () => createPool("reads"))
    : remember("pg-pool", () => createPool("prisma"));
}

/** The one Prisma client of the app, always through `@prisma/adapter-pg` on its pool. */
function createClient() {
  const embedded = getEnv().DATABASE_EMBEDDED === "1";
  return new PrismaClient({
    adapter: new PrismaPg(poolOf("prisma")),
    // A transaction waits for its connection as long as any query does (CONNECTION_TIMEOUT_MS): at 5 s a
    // PAGAR under load (the most valuable request there is) gave up sooner than a page's read, answered
    // as an outage (seen in `npm run load` under a CPU quota, decision 068). Embedded transactions are
    // serialized through one connection: they queue longer.
    transactionOptions: { maxWait: embedded ? 20_000 : CONNECTION_TIMEOUT_MS, timeout: 15_000 },
  });
}

/** Each pool's connections in use and idle, and the queries waiting for one (for the metrics). */
export function getPoolStats(): { pool: PoolName | "shared"; inUse: number; idle: number; waiting: number }[] {
  const pools = [...new Set([poolOf("prisma"), poolOf("reads")])];
  return pools.map((pool, i) => ({
    pool: pools.length === 1 ? "shared" : i === 0 ? "prisma" : "reads",
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    // The reads wait at their gate (readRows), not in the pool.
    waiting: pool.waitingCount + (i === pools.length - 1 ? readsGate().waiting : 0),
  }));
}

/**
 * Closes the database connections (the last step of a graceful shutdown). Prisma does not end a pool
 * it was given, so the pools are ended here too.
 */
export async function disconnectDatabase(): Promise<void> {
  await prisma.$disconnect();
  await Promise.all([...new Set([poolOf("prisma"), poolOf("reads")])].map((pool) => pool.end()));
}

/**
 * A connection the database server drops ("terminating connection due to administrator command"
 * when it stops) emits an `error` event. The pool listens while the connection is idle, and a query
 * in flight rejects with the error, but a checked-out connection between queries has no listener and
 * the unhandled event would crash the whole process. Every connection gets a permanent listener; the
 * queries that fail still report the error to their callers (a 503 page).
 */
function survivePoolErrors(pool: pg.Pool) {
  pool.on("error", () => {}); // idle connections: the pool already drops them
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
}

/**
 * Gives the pool back the connections that died while checked out. When the database server goes
 * away in the middle of an interactive transaction, Prisma's adapter may never release that
 * transaction's connection (its ROLLBACK fails first): the pool then counts it as busy forever and,
 * once every slot is lost that way, each query waits for the connect timeout and the shop does not
 * recover when the database is back. A connection that ended while checked out is released here
 * with an error, which makes the pool drop it and open a fresh one on demand.
 */
function releaseLostConnections(pool: pg.Pool) {
  const checkedOut = new Set<pg.PoolClient>();
  const watched = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => {
    checkedOut.add(client);
    if (watched.has(client)) return;
    watched.add(client);
    client.once("end", () => {
      // Give the owner a moment to release it normally (a rollback in progress).
      setTimeout(() => {
        if (!checkedOut.has(client)) return;
        checkedOut.delete(client);
        try {
          client.release(new Error("Connection lost while checked out"));
        } catch {
          // Released meanwhile.
        }
      }, 250).unref();
    });
  });
  pool.on("release", (_error, client) => checkedOut.delete(client));
}

/** One client per process; `remember` keeps it across dev rebuilds so each reload does not open a new pool. */
export const prisma: PrismaClient = remember("prisma", createClient);

/**
 * A statement PostgreSQL parses and plans once per connection and then only executes (a named
 * prepared statement): for the reads every signed-in page makes, where planning the joins cost
 * PostgreSQL four times what running them does (0.43 ms against 0.08 ms for the viewer's statement).
 * Only for constant texts: each distinct one stays prepared on every connection of the pool.
 */
export type PreparedStatement = { readonly name: string; readonly text: string };

export function preparedStatement(name: string, text: string): PreparedStatement {
  return { name, text };
}

/**
 * Each connection's own suffix for the statements it prepares. The embedded database serves every
 * connection (of this process and of others, like the tests') from one backend, where the statements of
 * a connection that was dropped and replaced stay prepared: a second PREPARE of the same name would
 * fail there, so no two connections use the same names. (Those left behind are few: the embedded
 * pool's one connection is only replaced when it fails.)
 */
const connectionTags = new WeakMap<pg.PoolClient, string>();

function tagOf(client: pg.PoolClient): string {
  let tag = connectionTags.get(client);
  if (!tag) {
    tag = randomBytes(6).toString("hex");
    connectionTags.set(client, tag);
  }
  return tag;
}

/** How many connections the reads of `readRows` have: one on the embedded PGlite (decision 068). */
export function readConnections(): number {
  return configuredPoolSizes()?.reads ?? 1;
}

/**
 * Who may take one of the reads' connections next (decision 068): every read queues here rather than in
 * pg's pool, so that a page answered from the cache (`ahead`: its one or two reads are all it waits
 * for) passes the reads of pages still to be rendered. Its size is the reads' pool's.
 */
function readsGate(): PriorityGate {
  return remember("pg-reads-gate", () => createPriorityGate(readConnections(), CONNECTION_TIMEOUT_MS));
}

/**
 * A read sent straight through the reads' own pool (see `poolSizes`), for the few reads every
 * signed-in page makes (the session with its user and cart badge, the cart's lines, a product's review
 * eligibility). Prisma spends 0.25–0.75 ms of CPU compiling each query (its wasm query compiler), more
 * than PostgreSQL takes to answer these; a prepared statement executed again costs PostgreSQL under
 * 0.1 ms. Writes, transactions and every other read stay with Prisma. `ahead`: for a page answered from
 * the cache, which waits for nothing else (see `readsGate`).
 */
export async function readRows<Row extends pg.QueryResultRow>(
  statement: PreparedStatement,
  values: unknown[],
  { ahead = false }: { ahead?: boolean } = {},
): Promise<Row[]> {
  const gate = readsGate();
  await gate.enter(ahead);
  let client: pg.PoolClient | undefined;
  let failure: Error | undefined;
  try {
    client = await poolOf("reads").connect();
    const { rows } = await client.query<Row>({
      name: `${statement.name}_${tagOf(client)}`,
      text: statement.text,
      values,
    });
    return rows;
  } catch (error) {
    // A connection that failed (the server went away) is dropped rather than handed to the next read.
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client?.release(failure);
    gate.release();
  }
}

export type { PrismaClient };

/** Prisma's codes for "the database could not be reached", "closed the connection", "timed out". */
export { isDatabaseUnavailable };

/**
 * Runs `read`; when the database is unreachable, logs it (as `logText`: the spec's own texts, "Failed to
 * load cart", "Error cargando órdenes") and answers `fallback()` instead — for a page that shows the
 * outage in its own words (the grid's Error de Conexión panel, Mis Pedidos' Reintentar, the cart drawer
 * that must not take the page down). Any other error is a bug and is rethrown: the error boundary shows
 * it and the log has its request id.
 */
export async function whenDatabaseUnavailable<T, F>(
  read: () => Promise<T>,
  fallback: () => F,
  logText = "database unavailable",
): Promise<T | F> {
  try {
    return await read();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.error({ reason: error instanceof Error ? error.message : String(error) }, logText);
    return fallback();
  }
}

/**
 * Runs a read for a page (or a form's write); when the database is unreachable, throws a 503
 * "Error de Conexión" response (rendered by the error boundaries in Spanish) instead of an unexplained 500.
 */
export async function readOrUnavailable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.error({ reason: error instanceof Error ? error.message : String(error) }, "database unavailable");
    throw new Response("Error de Conexión", { status: 503, headers: { "Retry-After": "30" } });
  }
}
