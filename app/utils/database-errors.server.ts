/** Telling an unreachable or overwhelmed database from a bug, without a database client (unit-testable). */

const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * Whether an error means the database is unreachable (down, restarting, refusing connections) rather
 * than a mistake in a query: such failures are answered 503 "Error de Conexión", and the shop recovers
 * by itself when the database is back (the pool reconnects).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  type Cause = { kind?: unknown; originalCode?: unknown };
  const {
    code,
    message,
    meta,
    cause: ownCause,
  } = error as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: Cause } };
    cause?: Cause;
  };
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^(08|57P0[123])/.test(code))) return true;
  // Inside an interactive transaction the adapter's error arrives bare, with its cause on itself
  // (e.g. 57P03 "the database system is shutting down").
  const cause = meta?.driverAdapterError?.cause ?? (typeof ownCause === "object" ? ownCause : undefined);
  if (typeof cause?.kind === "string" && UNAVAILABLE_KINDS.has(cause.kind)) return true;
  if (typeof cause?.originalCode === "string" && /^(08|57P0[123])/.test(cause.originalCode)) return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"].includes(code)) return true;
  // Every connection busy for longer than a transaction may wait to start (a shop under more load than
  // its pool): the database cannot serve this request now, as when it is down — a 503, not a 500.
  if (code === "P2028" && typeof message === "string" && /unable to start a transaction/i.test(message)) return true;
  // The same moment seen from Prisma's own transaction manager: under contention it can find a transaction
  // it was still starting in a state it does not know ("Unknown transaction status.", Prisma 6.19's
  // client engine), thrown before the transaction ran anything — nothing was done, so it is retryable.
  if (message === "Unknown transaction status.") return true;
  // pg's pool says "timeout exceeded when trying to connect" when no connection came within its timeout
  // (the server is down or every connection is stuck on it), and a client whose connection broke is
  // "not queryable".
  return (
    typeof message === "string" &&
    /connection terminated|terminating connection|connection ended|timeout exceeded when trying to connect|not queryable/i.test(
      message,
    )
  );
}

/**
 * Whether a write lost to a concurrent one and PostgreSQL aborted it — a deadlock (40P01) or a
 * serialization failure (40001): nothing of it was committed, and doing it again is the documented cure.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message, meta } = error as {
    code?: unknown;
    message?: unknown;
    meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } };
  };
  const codes = [code, meta?.code, meta?.driverAdapterError?.cause?.originalCode];
  if (codes.some((c) => c === "40P01" || c === "40001")) return true;
  return typeof message === "string" && /Code: `(40P01|40001)`/.test(message);
}
