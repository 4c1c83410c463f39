/**
 * A small in-process cache with a time to live, for reads that many visitors share (the catalogue).
 * Concurrent misses of one key share a single load, so a burst of visitors after an expiry costs one
 * database query, not one per visitor. A failed load is not kept. `clear()` also forgets loads in
 * flight, so a read that started before an invalidation is never served to later visitors.
 */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
};

type Entry<V> = { value: Promise<V>; expires: number };

export function createTtlCache<V>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  /** 0 disables caching: every `get` loads. */
  ttlMs: number;
  /** Beyond this many keys the oldest is dropped (search terms are unbounded). */
  maxEntries: number;
  now?: () => number;
}): TtlCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (hit) entries.delete(key);
      const entry: Entry<V> = { value: load(), expires: now() + ttlMs };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      // The TTL counts from when the rows arrived, not from when the query was sent.
      entry.value.then(
        () => (entry.expires = now() + ttlMs),
        () => {},
      );
      return entry.value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
