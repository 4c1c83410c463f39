/**
 * `fn` remembered per argument, for pure functions of a string that a server calls on every request
 * with a handful of distinct values (a URL's route label, a page's route manifest). At most
 * `maxEntries` are kept, the oldest dropped first, and an argument longer than `maxKeyLength` is
 * computed every time without being kept: the arguments may come from visitors (any path), so the
 * memory stays bounded whatever they send.
 */
export function memoizeBounded<V>(
  fn: (key: string) => V,
  { maxEntries, maxKeyLength = Number.POSITIVE_INFINITY }: { maxEntries: number; maxKeyLength?: number },
): (key: string) => V {
  const remembered = new Map<string, V>();
  return (key) => {
    if (remembered.has(key)) return remembered.get(key) as V;
    const value = fn(key);
    if (key.length > maxKeyLength) return value;
    remembered.set(key, value);
    if (remembered.size > maxEntries) remembered.delete(remembered.keys().next().value as string);
    return value;
  };
}
