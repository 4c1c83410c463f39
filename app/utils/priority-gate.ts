/**
 * At most `max` holders at once; those waiting are let in first come, first served, except that a
 * holder asking to go `ahead` passes every waiter that did not (docs/decisions/068: the reads of pages
 * answered from the cache pass the reads of pages being rendered). A waiter not let in within
 * `timeoutMs` is refused with pg's own words for a pool that had no connection to give, which the shop
 * answers as a database outage (a 503 "Error de Conexión").
 */
export type PriorityGate = {
  /** Resolves when the caller holds a place; it must call `release()` exactly once afterwards. */
  enter(ahead: boolean): Promise<void>;
  release(): void;
  /** Waiting now, in both lanes. */
  readonly waiting: number;
};

export const GATE_TIMEOUT_MESSAGE = "timeout exceeded when trying to connect";

type Waiter = { admit: () => void; timer: ReturnType<typeof setTimeout> };

export function createPriorityGate(max: number, timeoutMs: number): PriorityGate {
  let holders = 0;
  const ahead: Waiter[] = [];
  const behind: Waiter[] = [];
  return {
    enter(goAhead) {
      if (holders < max) {
        holders += 1;
        return Promise.resolve();
      }
      const lane = goAhead ? ahead : behind;
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          admit: resolve,
          timer: setTimeout(() => {
            lane.splice(lane.indexOf(waiter), 1);
            reject(new Error(GATE_TIMEOUT_MESSAGE));
          }, timeoutMs),
        };
        lane.push(waiter);
      });
    },
    release() {
      const next = ahead.shift() ?? behind.shift();
      if (!next) {
        holders -= 1;
        return;
      }
      // The place passes straight to the next waiter: `holders` stays the same.
      clearTimeout(next.timer);
      next.admit();
    },
    get waiting() {
      return ahead.length + behind.length;
    },
  };
}
