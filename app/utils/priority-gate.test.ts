import { afterEach, describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "./database-errors.server";
import { createPriorityGate, GATE_TIMEOUT_MESSAGE } from "./priority-gate";

/** Enters the gate and records the order in which the callers were let in. */
function enterAll(gate: ReturnType<typeof createPriorityGate>, order: string[], callers: [string, boolean][]) {
  return callers.map(([name, ahead]) => gate.enter(ahead).then(() => order.push(name)));
}

describe("the reads' priority gate", () => {
  afterEach(() => vi.useRealTimers());

  it("lets in up to its size at once, then one waiter per release", async () => {
    const gate = createPriorityGate(2, 10_000);
    const order: string[] = [];
    const entered = enterAll(gate, order, [
      ["a", false],
      ["b", false],
      ["c", false],
    ]);
    await Promise.all(entered.slice(0, 2));
    expect(order).toEqual(["a", "b"]);
    expect(gate.waiting).toBe(1);
    gate.release();
    await entered[2];
    expect(order).toEqual(["a", "b", "c"]);
    expect(gate.waiting).toBe(0);
  });

  it("lets a waiter going ahead pass every waiter that did not, first come first served within a lane", async () => {
    const gate = createPriorityGate(1, 10_000);
    const order: string[] = [];
    await gate.enter(false);
    const entered = enterAll(gate, order, [
      ["rendered 1", false],
      ["cached 1", true],
      ["rendered 2", false],
      ["cached 2", true],
    ]);
    for (let i = 0; i < 4; i++) {
      gate.release();
      await Promise.resolve();
      await Promise.resolve();
    }
    await Promise.all(entered);
    expect(order).toEqual(["cached 1", "cached 2", "rendered 1", "rendered 2"]);
  });

  it("frees its place when the last holder leaves, so the next caller enters at once", async () => {
    const gate = createPriorityGate(1, 10_000);
    await gate.enter(false);
    gate.release();
    let entered = false;
    void gate.enter(false).then(() => (entered = true));
    await Promise.resolve();
    expect(entered).toBe(true);
  });

  it("refuses a waiter not let in within its timeout as a database outage, and forgets it", async () => {
    vi.useFakeTimers();
    const gate = createPriorityGate(1, 10_000);
    await gate.enter(false);
    const late = gate.enter(true);
    const refused = expect(late).rejects.toThrow(GATE_TIMEOUT_MESSAGE);
    vi.advanceTimersByTime(10_000);
    await refused;
    expect(isDatabaseUnavailable(await late.catch((error: unknown) => error))).toBe(true);
    expect(gate.waiting).toBe(0);
    // The refused waiter took no place: the holder's release frees the gate for the next caller.
    gate.release();
    let entered = false;
    void gate.enter(false).then(() => (entered = true));
    await Promise.resolve();
    expect(entered).toBe(true);
  });
});
