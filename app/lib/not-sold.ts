import { normalizeWord } from "./search-query";

/**
 * Things shoppers look for in a jewellery shop that it does not sell: a search for one says so
 * plainly and offers the categories, instead of "correcting" the word into some piece ("reloj" is not
 * "rojo"). Keyed by the word, accent-free and lower case; the value is how the answer names it.
 */
const NOT_SOLD: Record<string, string> = {
  reloj: "relojes",
  relojes: "relojes",
  smartwatch: "relojes",
  lentes: "lentes",
  gafas: "lentes",
  bolsa: "bolsas",
  bolsas: "bolsas",
  cartera: "carteras",
  carteras: "carteras",
  perfume: "perfumes",
  perfumes: "perfumes",
  mancuernillas: "mancuernillas",
  llavero: "llaveros",
  llaveros: "llaveros",
};

/** What the shop does not sell that the search text asks for ("relojes" for "reloj de oro"), or null. */
export function notSoldIn(q: string): string | null {
  for (const word of normalizeWord(q).split(/[^a-z0-9]+/)) {
    const named = NOT_SOLD[word];
    if (named) return named;
  }
  return null;
}
