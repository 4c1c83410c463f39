import { remember } from "@epic-web/remember";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "./env.server";

/**
 * The one Prisma client of the app, always through `@prisma/adapter-pg`: to a PostgreSQL
 * server, or to the embedded PGlite behind pglite-socket (which needs a pool of exactly 1:
 * a larger pool interleaves protocol messages on its single backend).
 */
function createClient() {
  const env = getEnv();
  const embedded = env.DATABASE_EMBEDDED === "1";
  const adapter = new PrismaPg({
    connectionString: env.DATABASE_URL,
    max: embedded ? 1 : (env.DATABASE_POOL_MAX ?? 10),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({
    adapter,
    // Embedded transactions are serialized through one connection: let them queue longer.
    transactionOptions: { maxWait: embedded ? 20_000 : 5_000, timeout: 15_000 },
  });
}

/** One client per process; `remember` keeps it across dev rebuilds so each reload does not open a new pool. */
export const prisma: PrismaClient = remember("prisma", createClient);

export type { PrismaClient };

/** Prisma's codes for "the database could not be reached", "closed the connection", "timed out". */
const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * Whether an error means the database is unreachable (down, restarting, refusing connections) rather
 * than a mistake in a query: such failures are answered 503 "Error de Conexión", and the shop recovers
 * by itself when the database is back (the pool reconnects).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message, meta } = error as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
  };
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^(08|57P0[123])/.test(code))) return true;
  const cause = meta?.driverAdapterError?.cause;
  if (typeof cause?.kind === "string" && UNAVAILABLE_KINDS.has(cause.kind)) return true;
  if (typeof cause?.originalCode === "string" && /^(08|57P0[123])/.test(cause.originalCode)) return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"].includes(code)) return true;
  return typeof message === "string" && /connection terminated|terminating connection|connection ended/i.test(message);
}

/**
 * Runs a read for a page; when the database is unreachable, throws a 503 "Error de Conexión"
 * response (rendered by the error boundaries in Spanish) instead of an unexplained 500.
 */
export async function readOrUnavailable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error("[db] unavailable", error instanceof Error ? error.message : error);
    throw new Response("Error de Conexión", { status: 503, headers: { "Retry-After": "30" } });
  }
}
