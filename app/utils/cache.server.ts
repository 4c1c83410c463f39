/**
 * A small in-process cache with a time to live, for reads that many visitors share (the catalogue).
 * Concurrent misses of one key share a single load, so a burst of visitors after an expiry costs one
 * database query, not one per visitor. A failed load is not kept.
 *
 * Entries may carry tags (the ids of the products a page shows), so a change to some products forgets
 * only the entries that show them. Invalidation also forgets every load still in flight (its tags are
 * not known yet, and it may have read the rows before the change), so a read that started before an
 * invalidation is never served to later visitors.
 */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>, tagsOf?: (value: V) => Iterable<number>): Promise<V>;
  /** Forgets the entries tagged with any of `tags`, and every load in flight. */
  invalidate(tags: Iterable<number>): void;
  clear(): void;
  readonly size: number;
};

type Entry<V> = { value: Promise<V>; expires: number; tags: Set<number> | null };

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
    get(key, load, tagsOf) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (hit) entries.delete(key);
      const entry: Entry<V> = { value: load(), expires: now() + ttlMs, tags: null };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      entry.value.then(
        (value) => {
          // The TTL counts from when the rows arrived, not from when the query was sent.
          entry.expires = now() + ttlMs;
          entry.tags = new Set(tagsOf ? tagsOf(value) : []);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    invalidate(tags) {
      const changed = new Set(tags);
      for (const [key, entry] of entries) {
        if (entry.tags === null || [...entry.tags].some((tag) => changed.has(tag))) entries.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
