/**
 * `fn` remembered per argument, for pure functions of a string that a server calls on every request
 * with a handful of distinct values (a URL's route label, a page's route manifest). At most
 * `maxEntries` are kept, the oldest dropped first: the arguments may come from visitors (any path),
 * so the memory stays bounded whatever they send.
 */
export function memoizeBounded<V>(fn: (key: string) => V, maxEntries: number): (key: string) => V {
  const remembered = new Map<string, V>();
  return (key) => {
    if (remembered.has(key)) return remembered.get(key) as V;
    const value = fn(key);
    remembered.set(key, value);
    if (remembered.size > maxEntries) remembered.delete(remembered.keys().next().value as string);
    return value;
  };
}
