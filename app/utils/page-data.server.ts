import { ENQUEUE } from "./page-splice.server";

/**
 * A route's loader data read back from a rendered page (docs/decisions/046): the page's one
 * single-fetch line decoded as turbo-stream 2 writes it (`node_modules/turbo-stream`'s `unflatten`) —
 * a flat JSON array whose objects (`{"_k": v}`) and arrays point at other entries by index, negative
 * indices being the constants below — for the values a loader returns from the database: objects,
 * arrays, strings, numbers, booleans, null, undefined and dates. Anything else (a promise, a map, an
 * error…) is refused: undefined, and the caller renders the page as before.
 *
 * Read once per stored page (the search page's cards), never per response.
 */

/** turbo-stream's constants (`dist/utils.js`): HOLE -1, NAN -2, -Infinity -3, -0 -4, NULL -5, Infinity -6, UNDEFINED -7. */
const CONSTANTS: ReadonlyMap<number, unknown> = new Map<number, unknown>([
  [-1, undefined],
  [-2, Number.NaN],
  [-3, Number.NEGATIVE_INFINITY],
  [-4, -0],
  [-5, null],
  [-6, Number.POSITIVE_INFINITY],
  [-7, undefined],
]);

/** Deeper than any loader's data: a cycle (which turbo-stream can write) is refused, not followed. */
const MAX_DEPTH = 32;

class Refused extends Error {}

/** `loaderData[routeId]` of the page `html` (its nonce written as NONCE), or undefined when it cannot be read. */
export function routeDataOf(html: string, routeId: string): unknown {
  const scripts = [...html.matchAll(ENQUEUE)];
  if (scripts.length !== 1) return undefined;
  try {
    const line = JSON.parse(scripts[0]![1]!) as string;
    if (line.indexOf("\n") !== line.length - 1) return undefined; // deferred data follows
    const entries = JSON.parse(line) as unknown;
    if (!Array.isArray(entries)) return undefined;
    const top = decodedAt(entries, 0, 0) as { loaderData?: Record<string, unknown> } | null;
    return top?.loaderData?.[routeId];
  } catch {
    return undefined;
  }
}

function decodedAt(entries: readonly unknown[], index: unknown, depth: number): unknown {
  if (typeof index !== "number" || !Number.isInteger(index) || depth > MAX_DEPTH) throw new Refused();
  if (index < 0) {
    if (!CONSTANTS.has(index)) throw new Refused();
    return CONSTANTS.get(index);
  }
  if (index >= entries.length) throw new Refused();
  const value = entries[index];
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    if (typeof value[0] === "string") {
      if (value[0] === "D" && typeof value[1] === "number") return new Date(value[1]);
      throw new Refused();
    }
    return value.map((at) => (at === -1 ? undefined : decodedAt(entries, at, depth + 1)));
  }
  const object: Record<string, unknown> = {};
  for (const [key, at] of Object.entries(value as Record<string, unknown>)) {
    const name = decodedAt(entries, Number(key.slice(1)), depth + 1);
    if (typeof name !== "string" || name === "__proto__") throw new Refused();
    object[name] = decodedAt(entries, at, depth + 1);
  }
  return object;
}
