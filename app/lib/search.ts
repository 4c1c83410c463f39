import { z } from "zod";
import { CATEGORY_NAV, GRID_MAX_PAGE, SEARCH_PRICE_MAX, SEARCH_PRICE_MIN } from "./constants";

/**
 * Sort options of the search overlay, in the order they are offered: relevance (the default, where
 * the words match: docs/decisions/016-search-for-mexican-shoppers.md), then the spec's five.
 */
export const SEARCH_SORTS = [
  { id: "relevancia", label: "Más relevantes" },
  { id: "nombre", label: "Nombre A-Z" },
  { id: "precio-asc", label: "Precio menor a mayor" },
  { id: "precio-desc", label: "Precio mayor a menor" },
  { id: "destacados", label: "Destacados" },
  { id: "descuento", label: "Mayor descuento" },
] as const;

export type SearchSort = (typeof SEARCH_SORTS)[number]["id"];

const SORT_IDS = SEARCH_SORTS.map((s) => s.id) as [SearchSort, ...SearchSort[]];
const CATEGORY_SLUGS = CATEGORY_NAV.filter((c) => c.id !== "all").map((c) => c.id) as [string, ...string[]];

/** A price bound in whole pesos; anything unparsable falls back to the default bound. */
const pesos = (fallback: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : Number(v)),
    z
      .number()
      .finite()
      .catch(fallback)
      .default(fallback)
      .transform((n) => Math.min(SEARCH_PRICE_MAX, Math.max(SEARCH_PRICE_MIN, Math.round(n)))),
  );

/**
 * The search form's query string (`/search?q=…&categoria=…&orden=…&ofertas=1&min=…&max=…`).
 * Lenient: a bad value falls back to its default instead of failing the page.
 */
export const SearchParamsSchema = z
  .object({
    q: z
      .string()
      .catch("")
      .default("")
      // Control characters (NUL among them, which PostgreSQL refuses) become spaces first.
      .transform((s) =>
        s
          // eslint-disable-next-line no-control-regex -- matching control characters is the point
          .replace(/[\u0000-\u001F\u007F-\u009F]/g, " ")
          .trim()
          .slice(0, 100),
      ),
    categoria: z.enum(CATEGORY_SLUGS).nullable().catch(null).default(null),
    orden: z.enum(SORT_IDS).catch("relevancia").default("relevancia"),
    ofertas: z.preprocess((v) => v === "1" || v === "on" || v === "true", z.boolean()).default(false),
    min: pesos(SEARCH_PRICE_MIN),
    max: pesos(SEARCH_PRICE_MAX),
    /** Results page; junk is page 1 and anything deeper than the last page served is capped to it. */
    pagina: z.preprocess(
      (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : 1),
      z.number().transform((n) => Math.min(GRID_MAX_PAGE, Math.max(1, n))),
    ),
  })
  .transform((p) => (p.min > p.max ? { ...p, min: p.max, max: p.min } : p));

export type SearchParams = z.output<typeof SearchParamsSchema>;

/** The query parameters of the search page and overlay. */
export const SEARCH_PARAM_KEYS = ["q", "categoria", "orden", "ofertas", "min", "max", "pagina"] as const;

/** The search page's address for these parameters; defaults are left out so URLs stay short. */
export function searchHref(params: SearchParams, page: number): string {
  const query = new URLSearchParams({ q: params.q });
  if (params.categoria) query.set("categoria", params.categoria);
  if (params.orden !== "relevancia") query.set("orden", params.orden);
  if (params.ofertas) query.set("ofertas", "1");
  if (params.min !== SEARCH_PRICE_MIN) query.set("min", String(params.min));
  if (params.max !== SEARCH_PRICE_MAX) query.set("max", String(params.max));
  if (page > 1) query.set("pagina", String(page));
  return `/search?${query}`;
}

/** The price bounds: the filter form sends each one twice, from its slider and from its number box. */
const PRICE_KEYS: readonly string[] = ["min", "max"];

/**
 * Parses URLSearchParams with the schema above: the first value of each key, except the price
 * bounds, where the last non-empty value wins. The form sends a bound's slider first and its number
 * box second; without JavaScript the box starts empty, so a typed price beats the slider and an
 * untouched box leaves the slider's value.
 */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const raw: Record<string, string> = {};
  for (const key of SEARCH_PARAM_KEYS) {
    const value = PRICE_KEYS.includes(key)
      ? params
          .getAll(key)
          .filter((v) => v.trim() !== "")
          .at(-1)
      : params.get(key);
    if (value !== null && value !== undefined) raw[key] = value;
  }
  return SearchParamsSchema.parse(raw);
}

/** Escapes LIKE wildcards (`%`, `_`) and the escape character itself, so the term matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
