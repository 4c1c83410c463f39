import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isTransactionConflict } from "./database-errors.server";

/** Errors as Prisma and pg raise them (shapes copied from real failures in the fault tests and the load runs). */
const knownRequestError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("counts an unreachable or restarting database", () => {
    expect(isDatabaseUnavailable(knownRequestError("P1001", "Can't reach database server"))).toBe(true);
    expect(isDatabaseUnavailable(knownRequestError("57P03", "the database system is shutting down"))).toBe(true);
    expect(isDatabaseUnavailable(knownRequestError("ECONNREFUSED", "connect ECONNREFUSED"))).toBe(true);
  });

  it("counts a pool too busy to start a transaction in time (npm run load on an overloaded machine)", () => {
    const busy = knownRequestError("P2028", "Transaction API error: Unable to start a transaction in the given time.");
    expect(isDatabaseUnavailable(busy)).toBe(true);
    // Prisma's transaction manager finding a transaction it was starting in an unknown state (two admins
    // refunding at once while the provider's refund webhook settled it: seen in the integration suite).
    expect(isDatabaseUnavailable(new Error("Unknown transaction status."))).toBe(true);
  });

  it("leaves other transaction errors and query mistakes to be answered as bugs", () => {
    expect(
      isDatabaseUnavailable(
        knownRequestError("P2028", "Transaction API error: Transaction already closed: A commit cannot be executed"),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(knownRequestError("P2002", "Unique constraint failed"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable("text")).toBe(false);
  });
});

describe("isTransactionConflict", () => {
  it("counts a deadlock or a serialization failure, as Prisma's raw queries report them, and nothing else", () => {
    const deadlock =
      "\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `40P01`. Message: `deadlock detected`";
    expect(isTransactionConflict(knownRequestError("P2010", deadlock))).toBe(true);
    expect(
      isTransactionConflict(
        Object.assign(new Error("x"), { meta: { driverAdapterError: { cause: { originalCode: "40001" } } } }),
      ),
    ).toBe(true);
    expect(isTransactionConflict(knownRequestError("P2002", "Unique constraint failed"))).toBe(false);
    expect(isTransactionConflict(new Error("boom"))).toBe(false);
  });
});
