// @ts-check
/**
 * Stripe's wire format: form-encoded pairs whose names use bracket notation
 * (`line_items[0][price_data][unit_amount]=1000`, `metadata[order]=7`, `expand[]=x`).
 * This turns them into the nested objects and arrays Stripe's API sees.
 */

/** @typedef {{ [key: string]: Param }} ParamObject */
// Lists hold strings or objects (Stripe has no lists of lists).
/** @typedef {string | ParamObject | Array<string | ParamObject>} Param */

/** A malformed parameter name or a name used both as a value and as a container. */
export class ParamsError extends Error {}

const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * @param {string} query form-encoded text (a request body or a URL's query without `?`)
 * @returns {ParamObject}
 */
export function parseParams(query) {
  // Null-prototype containers: a hostile name such as `__proto__[x]` stays an ordinary key.
  /** @type {Record<string, unknown>} */
  const root = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) {
    const match = NAME.exec(name);
    if (!match) throw new ParamsError(`Invalid parameter name: ${name}`);
    const segments = [match[1] ?? "", ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    /** @type {Record<string, unknown>} */
    let node = root;
    segments.forEach((segment, index) => {
      // `a[]=x&a[]=y` appends, as Stripe accepts for lists such as `expand[]`.
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        if (typeof node[key] === "object") throw new ParamsError(`Invalid value for ${name}: expected an object`);
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === "string") throw new ParamsError(`Invalid parameter ${name}: ${segment} is not an object`);
      if (next === undefined) node[key] = Object.create(null);
      node = /** @type {Record<string, unknown>} */ (node[key]);
    });
  }
  return Object.fromEntries(Object.entries(root).map(([key, value]) => [key, finalize(value)]));
}

/**
 * Containers whose keys are all indexes become arrays (in index order); others plain objects.
 * @param {unknown} node
 * @returns {Param}
 */
function finalize(node) {
  if (typeof node === "string") return node;
  const entries = Object.entries(/** @type {Record<string, unknown>} */ (node));
  if (entries.length > 0 && entries.every(([key]) => /^(0|[1-9]\d{0,5})$/.test(key))) {
    return entries
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, value]) => {
        const item = finalize(value);
        if (Array.isArray(item)) throw new ParamsError("Invalid parameter: a list cannot hold lists.");
        return item;
      });
  }
  return Object.fromEntries(entries.map(([key, value]) => [key, finalize(value)]));
}
