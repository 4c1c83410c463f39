/**
 * Waiting in tests: for what has no event to await (a row a webhook writes, a server's readiness
 * after its database came back), `until` asks again right after each answer, a few milliseconds
 * apart, and fails with what it waited for. What has an event (a process's output, its exit) is
 * awaited through it (tests/support/processes.ts), never slept for.
 */

export type UntilOptions = {
  /** How long before giving up (the default suits a loaded 2-core machine). */
  timeoutMs?: number;
  /** The pause between two questions. */
  everyMs?: number;
  /** More to say when it times out (e.g. a server's output). */
  context?: () => string;
  /** Take an answer that throws as "not yet" (a server still restarting) instead of failing at once. */
  retryOnError?: boolean;
};

type Found<T> = Exclude<T, undefined | null | false>;

/**
 * Resolves with the first answer of `read` that is not `undefined`, `null` or `false` (so a boolean
 * check and a lookup both fit). An answer that throws fails the wait, unless `retryOnError`.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  what: string,
  { timeoutMs = 20_000, everyMs = 25, context, retryOnError = false }: UntilOptions = {},
): Promise<Found<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = Promise.resolve().then(read);
    const value = retryOnError ? await answer.catch(() => undefined) : await answer;
    if (value !== undefined && value !== null && value !== false) return value as Found<T>;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${context ? `:\n${context()}` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
