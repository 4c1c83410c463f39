/**
 * A cached page as a template with holes (docs/decisions/046): the places where a signed-in shopper's
 * page differs from the anonymous one, in the HTML and in the loader data the browser hydrates from.
 *
 * - **HTML slots**: each is the exact markup a pure component renders for an anonymous visitor (the
 *   header's account and cart parts, a product's review notice). It must be found in the page exactly
 *   once, else the page cannot be assembled (and is rendered as before).
 * - **Loader data**: Remix's single-fetch data is one turbo-stream line in one
 *   `window.__remixContext.streamController.enqueue("…")` script: a flat JSON array whose objects
 *   point at other entries by index (`{"_5":-5}`: key at entry 5, value null). A patch gives one key of
 *   one object (found by its path from `loaderData`, e.g. `root` › `user`) a new value: the object's
 *   entry is written again pointing at new entries appended to the array, which hold the value. Entries
 *   other objects may share (turbo-stream deduplicates equal strings and numbers) are never changed.
 *
 * Assembling a page is joining strings and escaping the few new entries: no React render, no parsing,
 * no search per response. The nonce is a hole of its own (`NONCE` in the page given, a NUL byte, which no
 * page holds: whole-document.server.ts drops them).
 */

/** Where the nonce goes in a template (pages never contain a NUL byte). */
export const NONCE = "\0";

/**
 * A value a patch may set: a primitive, or plain objects and arrays of them (the root's `user`, the
 * cart's lines). Written as turbo-stream writes them: an array is the list of its items' entries.
 */
export type PatchValue =
  string | number | boolean | null | readonly PatchValue[] | { readonly [key: string]: PatchValue };

export type PageTemplate = {
  /**
   * Static text and holes, in order: a string is written as it is, a number is slot `n`, `{ data }` the
   * data line, `{ nonce }` the response's nonce.
   */
  pieces: readonly (string | number | { data: true } | { nonce: true })[];
  data: DataTemplate;
};

type DataTemplate = {
  /** The escaped text around the patched entries: `segments[0]`, entry, `segments[1]`, entry, … (the array's "]" left out). */
  segments: string[];
  /** Per patch, in the order of `segments`: the entry's parsed object and the key index to point elsewhere. */
  targets: { object: Record<string, number>; keyIndex: number; patch: number }[];
  /** The number of entries of the data array (appended entries start here). */
  length: number;
};

/** The single-fetch data script of a template's page (its nonce NONCE): the argument is the JSON string of the line. */
export const ENQUEUE =
  /<script nonce="\0">window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;

/**
 * The template of `html` (nonces replaced by NONCE) for these anonymous slots and data paths (from
 * `loaderData`), or null when the page cannot be assembled (a slot missing or repeated, a path
 * missing, the data split or holding promises).
 */
export function templateOf(
  html: string,
  slots: readonly string[],
  paths: readonly (readonly string[])[],
): PageTemplate | null {
  const scripts = [...html.matchAll(ENQUEUE)];
  if (scripts.length !== 1) return null;
  const script = scripts[0]!;
  const data = dataTemplateOf(JSON.parse(script[1]!) as string, paths);
  if (!data) return null;
  const argStart = script.index + script[0].indexOf("(") + 1;
  const argEnd = argStart + script[1]!.length;
  const holes: { start: number; end: number; hole: number | { data: true } }[] = [
    { start: argStart, end: argEnd, hole: { data: true } },
  ];
  for (const [i, slot] of slots.entries()) {
    const start = html.indexOf(slot);
    if (slot === "" || start < 0 || html.indexOf(slot, start + 1) >= 0) return null;
    holes.push({ start, end: start + slot.length, hole: i });
  }
  holes.sort((a, b) => a.start - b.start);
  const pieces: (string | number | { data: true } | { nonce: true })[] = [];
  const text = (part: string) =>
    part.split(NONCE).forEach((between, i) => {
      if (i > 0) pieces.push({ nonce: true });
      pieces.push(between);
    });
  let at = 0;
  for (const { start, end, hole } of holes) {
    if (start < at) return null; // overlapping holes
    text(html.slice(at, start));
    pieces.push(hole);
    at = end;
  }
  text(html.slice(at));
  return { pieces, data };
}

function dataTemplateOf(line: string, paths: readonly (readonly string[])[]): DataTemplate | null {
  if (!line.endsWith("\n") || line.indexOf("\n") !== line.length - 1) return null; // promises follow: not ours
  let entries: unknown[];
  try {
    entries = JSON.parse(line) as unknown[];
  } catch {
    return null;
  }
  if (!Array.isArray(entries) || entries.length === 0) return null;
  const keyOf = (object: Record<string, number>, name: string): number | null => {
    for (const key of Object.keys(object)) {
      const index = Number(key.slice(1));
      if (entries[index] === name) return index;
    }
    return null;
  };
  const objectAt = (index: unknown): Record<string, number> | null => {
    const value = typeof index === "number" ? entries[index] : undefined;
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, number>)
      : null;
  };
  const top = objectAt(0);
  const loaderDataKey = top && keyOf(top, "loaderData");
  const loaderData = top && loaderDataKey !== null ? objectAt(top[`_${loaderDataKey}`]) : null;
  if (!loaderData) return null;
  const targets: { entry: number; keyIndex: number; patch: number }[] = [];
  for (const [patch, path] of paths.entries()) {
    let object = loaderData;
    let entry = -1;
    for (const [depth, name] of path.entries()) {
      const keyIndex = keyOf(object, name);
      if (keyIndex === null) return null;
      if (depth === path.length - 1) {
        targets.push({ entry, keyIndex, patch });
        break;
      }
      entry = object[`_${keyIndex}`]!;
      const next = objectAt(entry);
      if (!next) return null;
      object = next;
    }
  }
  // Entries are written again one by one (JSON.stringify of what was parsed: the same values), so the
  // patched ones can be cut out; several patches of one object share one written entry.
  const byEntry = [...new Set(targets.map((t) => t.entry))].sort((a, b) => a - b);
  if (byEntry.some((e) => e < 0)) return null;
  const segments: string[] = [];
  let text = "[";
  for (const [i, value] of entries.entries()) {
    if (i > 0) text += ",";
    if (byEntry.includes(i)) {
      segments.push(escapeScriptText(text));
      text = "";
    } else {
      text += JSON.stringify(value);
    }
  }
  segments.push(escapeScriptText(text));
  return {
    segments,
    targets: byEntry.flatMap((entry) =>
      targets
        .filter((t) => t.entry === entry)
        .map((t) => ({ object: entries[entry] as Record<string, number>, keyIndex: t.keyIndex, patch: t.patch })),
    ),
    length: entries.length,
  };
}

/** The page for these slot contents and patch values (in the template's orders), with this nonce. */
export function assemble(
  template: PageTemplate,
  slots: readonly string[],
  values: readonly PatchValue[],
  nonce: string,
): string {
  const data = assembleData(template.data, values);
  const parts = template.pieces.map((piece) =>
    typeof piece === "string" ? piece : typeof piece === "number" ? slots[piece]! : "data" in piece ? data : nonce,
  );
  return parts.join("");
}

function assembleData(data: DataTemplate, values: readonly PatchValue[]): string {
  const appended: string[] = [];
  let next = data.length;
  const add = (text: string) => {
    appended.push(text);
    return next++;
  };
  const encode = (value: PatchValue): number => {
    if (value === null) return -5; // turbo-stream's NULL
    if (typeof value === "number" && !Number.isFinite(value)) return Number.isNaN(value) ? -2 : value > 0 ? -6 : -3;
    if (Object.is(value, -0)) return -4; // turbo-stream's NEGATIVE_ZERO
    if (typeof value !== "object") return add(JSON.stringify(value));
    const index = add(""); // the value's own entry first, then its items (or its keys and values)
    appended[index - data.length] = Array.isArray(value)
      ? `[${(value as readonly PatchValue[]).map(encode).join(",")}]`
      : `{${Object.entries(value)
          .map(([key, v]) => `"_${add(JSON.stringify(key))}":${encode(v)}`)
          .join(",")}}`;
    return index;
  };
  // One entry per patched object, written with all its patches.
  const written = new Map<Record<string, number>, Record<string, number>>();
  for (const { object, keyIndex, patch } of data.targets) {
    const copy = written.get(object) ?? { ...object };
    copy[`_${keyIndex}`] = encode(values[patch]!);
    written.set(object, copy);
  }
  let text = `"${data.segments[0]!}`;
  [...written.values()].forEach((object, i) => {
    text += escapeScriptText(JSON.stringify(object)) + data.segments[i + 1]!;
  });
  // The appended entries close the array, then the line's newline and the string's quote.
  const tail = appended.length > 0 ? escapeScriptText(`,${appended.join(",")}`) : "";
  return `${text}${tail}]\\n"`;
}

const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** `text` as the inside of the JavaScript string Remix writes in its enqueue script (JSON, then its escapeHtml). */
function escapeScriptText(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!);
}
