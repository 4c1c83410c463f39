/**
 * The purger interface and its first implementation, Varnish with the xkey vmod (docs/decisions/049;
 * cache-purge.server.ts sends the shop's purges through it).
 */

export type Purger = {
  /** Purges every object tagged with one of `keys`; rejects when the cache did not confirm it. */
  purge(keys: readonly string[]): Promise<void>;
};

const PURGE_TIMEOUT_MS = 2_000;
/** Varnish reads header values up to its http_req_hdr_len (8 KB by default): longer lists are split. */
const MAX_KEYS_PER_REQUEST = 500;

/** Varnish with the xkey vmod at each of `urls`: `PURGE` with `xkey-purge: <keys>`, expecting a 200. */
export function varnishXkeyPurger(
  urls: readonly string[],
  send: typeof fetch = fetch,
  timeoutMs = PURGE_TIMEOUT_MS,
): Purger {
  return {
    async purge(keys) {
      const batches: string[][] = [];
      for (let i = 0; i < keys.length; i += MAX_KEYS_PER_REQUEST) batches.push(keys.slice(i, i + MAX_KEYS_PER_REQUEST));
      const results = await Promise.allSettled(
        urls.flatMap((url) =>
          batches.map(async (batch) => {
            const response = await send(url, {
              method: "PURGE",
              headers: { "xkey-purge": batch.join(" ") },
              signal: AbortSignal.timeout(timeoutMs),
            });
            await response.body?.cancel();
            if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
          }),
        ),
      );
      const failed = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
      if (failed.length > 0)
        throw new AggregateError(
          failed.map((result) => result.reason),
          describe(failed),
        );
    },
  };
}

function describe(failed: PromiseRejectedResult[]): string {
  return failed
    .map(({ reason }) => {
      const error = reason as Error & { cause?: { code?: string } };
      return error.cause?.code ? `${error.message} (${error.cause.code})` : error.message;
    })
    .join("; ");
}
