import { z } from "zod";
import { type CategoryId, GRID_MAX_PAGE, SEARCH_PRICE_MAX, SEARCH_PRICE_MIN } from "./constants";
import { groupThousands } from "./numbers";
import { OCCASION_IDS } from "./occasions";
import { SEARCH_SORTS } from "./search";

/**
 * A collection: the home grid of one category (`/?categoria=rings`) with the shopper's filters, all in
 * the address (a plain GET form, so it works without JavaScript and every choice can be shared):
 * `metal`, `min`, `max` (whole pesos, as search takes them), `disponible=1`, `ocasion` and `orden`.
 * docs/decisions/054-collections-that-help-choose.md
 */

/** The metals a shopper filters by; a piece is of a metal when it or one of its models is. */
export const METALS = [
  { id: "oro-amarillo", label: "Oro amarillo" },
  { id: "oro-blanco", label: "Oro blanco" },
  { id: "oro-rosa", label: "Oro rosa" },
  { id: "plata", label: "Plata" },
] as const;

export type MetalId = (typeof METALS)[number]["id"];

/**
 * Which metals a material text names ("Oro blanco 14k", "Plata .925 con baño de oro"): words, accent-
 * and case-free. Plain "oro" is yellow gold; a silver piece plated in gold is silver. The SQL of
 * ../models/collection.server.ts applies the same rule to `joyeria_search_form(material)`.
 */
export function metalsOf(material: string | null): MetalId[] {
  const words = ` ${(material ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
  const found: MetalId[] = [];
  const white = words.includes(" oro blanco ");
  const rose = words.includes(" oro rosa ");
  const silver = words.includes(" plata ");
  const yellow = words.includes(" oro amarillo ") || (words.includes(" oro ") && !white && !rose && !silver);
  if (yellow) found.push("oro-amarillo");
  if (white) found.push("oro-blanco");
  if (rose) found.push("oro-rosa");
  if (silver) found.push("plata");
  return found;
}

/** The order a collection is shown in: the spec's grid order by default, or one of the spec's five. */
export const COLLECTION_SORTS = [
  { id: "novedades", label: "Novedades y destacados" },
  ...SEARCH_SORTS.filter((s) => s.id !== "relevancia"),
] as const;

export type CollectionSort = (typeof COLLECTION_SORTS)[number]["id"];

const SORT_IDS = COLLECTION_SORTS.map((s) => s.id) as [CollectionSort, ...CollectionSort[]];
const METAL_IDS = METALS.map((m) => m.id) as [MetalId, ...MetalId[]];

/** The query parameters of a collection (besides `categoria` and `pagina`). */
export const COLLECTION_PARAM_KEYS = ["metal", "min", "max", "disponible", "ocasion", "orden"] as const;

/** A price bound in whole pesos; anything unparsable is no bound. */
const pesos = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,9}(\.\d*)?\s*$/.test(v) ? Number(v) : fallback),
    z.number().transform((n) => Math.min(SEARCH_PRICE_MAX, Math.max(SEARCH_PRICE_MIN, Math.round(n)))),
  );

/** Lenient like search's: a bad value is its default, never a failed page. */
const CollectionFiltersSchema = z
  .object({
    metal: z.enum(METAL_IDS).nullable().catch(null).default(null),
    min: pesos(SEARCH_PRICE_MIN),
    max: pesos(SEARCH_PRICE_MAX),
    disponible: z.preprocess((v) => v === "1" || v === "on" || v === "true", z.boolean()),
    ocasion: z.enum(OCCASION_IDS).nullable().catch(null).default(null),
    orden: z.enum(SORT_IDS).catch("novedades").default("novedades"),
  })
  .transform((p) => (p.min > p.max ? { ...p, min: p.max, max: p.min } : p));

export type CollectionFilters = z.output<typeof CollectionFiltersSchema>;

export const NO_FILTERS: CollectionFilters = {
  metal: null,
  min: SEARCH_PRICE_MIN,
  max: SEARCH_PRICE_MAX,
  disponible: false,
  ocasion: null,
  orden: "novedades",
};

/** The filters of an address: the first value of each, except a price bound's last non-empty one (as search). */
export function parseCollectionFilters(params: URLSearchParams): CollectionFilters {
  const raw: Record<string, string> = {};
  for (const key of COLLECTION_PARAM_KEYS) {
    const value =
      key === "min" || key === "max"
        ? params
            .getAll(key)
            .filter((v) => v.trim() !== "")
            .at(-1)
        : params.get(key);
    if (value !== null && value !== undefined) raw[key] = value;
  }
  return CollectionFiltersSchema.parse(raw);
}

/** Whether the shopper narrowed or reordered the collection (the plain grid otherwise). */
export function isFiltered(filters: CollectionFilters): boolean {
  return collectionQuery(filters).toString() !== "";
}

/** The filters as query parameters, defaults left out so addresses stay short and cache well. */
function collectionQuery(filters: CollectionFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.metal) query.set("metal", filters.metal);
  if (filters.min !== SEARCH_PRICE_MIN) query.set("min", String(filters.min));
  if (filters.max !== SEARCH_PRICE_MAX) query.set("max", String(filters.max));
  if (filters.disponible) query.set("disponible", "1");
  if (filters.ocasion) query.set("ocasion", filters.ocasion);
  if (filters.orden !== "novedades") query.set("orden", filters.orden);
  return query;
}

/** The address of a page of a collection (page 1 has no `pagina`: the canonical URL). */
export function collectionHref(category: CategoryId, filters: CollectionFilters, page: number): string {
  const query = new URLSearchParams();
  if (category !== "all") query.set("categoria", category);
  for (const [key, value] of collectionQuery(filters)) query.set(key, value);
  if (page > 1) query.set("pagina", String(Math.min(page, GRID_MAX_PAGE)));
  const s = query.toString();
  return s ? `/?${s}` : "/";
}

/** "12 piezas", "1 pieza". */
export function piecesLabel(count: number): string {
  return `${groupThousands(count)} ${count === 1 ? "pieza" : "piezas"}`;
}
