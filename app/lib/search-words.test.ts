import { describe, expect, it } from "vitest";
import { analyzeSearch, normalizeWord, searchTokens } from "./search-query";
import { ALREADY_SINGULAR, ALSO_FINDS, SAME_AS, STOP_WORDS } from "./search-words";

/**
 * Whether a query finds a product whose text is `text`, as the database decides: every clause has an
 * option whose groups all have a pattern `% stem%` that matches the text's search form.
 */
function finds(q: string, text: string): boolean {
  const form = ` ${normalizeWord(text)
    .replace(/[^a-z0-9\s]/g, " $& ")
    .replace(/\s+/g, " ")
    .trim()} `;
  const matches = (patterns: string[]) => patterns.some((p) => form.includes(` ${p.slice(2, -1)}`));
  return analyzeSearch(q).clauses.every((c) => c.options.some((groups) => groups.every((g) => matches(g.patterns))));
}

describe("the reviewed word list", () => {
  const terms = [...SAME_AS.flat(), ...ALSO_FINDS.flatMap(([term, kinds]) => [term, ...kinds])];

  it("writes every term in lower case, with at least one word that is not a stop word", () => {
    for (const term of terms) {
      expect(term, term).toBe(term.toLocaleLowerCase("es-MX"));
      expect(
        searchTokens(term).some((t) => !t.stop),
        term,
      ).toBe(true);
    }
  });

  it("lists each term in one group of synonyms at most, and each general word once", () => {
    const grouped = SAME_AS.flat().map(normalizeWord);
    expect(new Set(grouped).size).toBe(grouped.length);
    const general = ALSO_FINDS.map(([term]) => term);
    expect(new Set(general).size).toBe(general.length);
  });

  it("keeps the stop words and the singular words in their normal form", () => {
    for (const word of [...STOP_WORDS, ...ALREADY_SINGULAR]) expect(searchTokens(word)).toHaveLength(1);
  });

  // Each row: what the shopper types, texts it finds, texts it does not.
  const cases: [string, string[], string[]][] = [
    // aretes, arracadas, broqueles, huggies ↔ pendientes
    ["aretes", ["Pendientes", "Arracadas Clásicas", "Broqueles de Perla", "Huggies", "aretes"], ["Anillos"]],
    ["pendiente", ["aretes", "arracadas", "broqueles"], ["collar"]],
    ["zarcillos", ["aretes", "pendientes"], ["anillo"]],
    ["arracadas", ["Arracadas Huggie", "huggies"], ["Broqueles", "Pendientes"]],
    ["broqueles", ["Broqueles", "topos", "arete de botón"], ["Arracadas", "Pendientes"]],
    // argolla ↔ anillo (argolla de matrimonio)
    ["anillos", ["Anillo", "Argolla Clásica", "sortija", "churumbela"], ["Collar"]],
    ["argolla", ["Argolla", "anillo de matrimonio", "anillo de boda"], ["Anillo Corazón"]],
    ["anillo de boda", ["Argolla Clásica", "anillo de matrimonio"], ["Anillo Corazón"]],
    ["argolla de matrimonio", ["Argolla Clásica", "alianzas"], ["Anillo Trilogía"]],
    // dije ↔ colgante ↔ medalla
    ["dijes", ["Dije de corazón", "Medalla Sol", "charms"], ["Aretes Perla Colgante"]],
    ["colgante", ["colgante", "dije", "medalla"], ["pulsera"]],
    ["medalla", ["Medalla Sol", "medallón"], ["dije"]],
    // cadena ↔ collar ↔ gargantilla: a collar finds gargantillas; a cadena is only a cadena
    ["collares", ["Collar", "Gargantilla Riviera", "choker"], ["Pulsera Cadena Barbada"]],
    ["gargantilla", ["Gargantilla Riviera", "choker"], ["Collar de Perlas"]],
    ["cadena", ["Cadena Cubana", "cadenas"], ["Collar de Perlas"]],
    // esclava ↔ brazalete ↔ pulsera
    ["pulseras", ["Pulsera", "Esclava Lisa", "Brazalete Rígido"], ["Anillo"]],
    ["esclava", ["Esclava Lisa", "Brazalete Zafiros"], ["Pulsera Tenis"]],
    ["brazaletes", ["Esclava Lisa", "Brazalete Zafiros"], ["Pulsera Tenis"]],
    // churumbela ↔ anillo de eternidad
    ["churumbela", ["Anillo Eternidad Brillante", "Anillo Media Eternidad Rubí", "anillo de eternidad"], ["Anillo"]],
    ["anillo de eternidad", ["churumbela", "Anillo Eternidad"], ["Anillo Trilogía"]],
    // solitario: the engagement ring, and any one-stone piece
    ["anillo de compromiso", ["Anillo Solitario Aurora", "anillo de compromiso"], ["Collar Zafiro Solitario"]],
    ["solitario", ["Collar Zafiro Solitario", "Broqueles Brillante Solitario"], ["Anillo Trilogía"]],
    // oro amarillo / blanco / rosa
    ["oro amarillo", ["Oro amarillo", "Oro 14k", "oro 18k"], ["Oro blanco 14k", "Oro rosa 14k", "baño de oro"]],
    ["oro blanco", ["Oro blanco 14k"], ["Oro 14k", "Oro rosa"]],
    ["oro rosado", ["Oro rosa 14k", "rose gold"], ["Oro 14k", "Oro blanco"]],
    // plata ↔ plata .925
    ["plata", ["Plata .925", "plata esterlina"], ["Oro 14k"]],
    ["plata 925", ["Plata .925", "plata esterlina", "sterling", "plata ley .925"], ["Oro 14k", "plata"]],
    ["plata esterlina", ["Plata .925"], ["Oro 14k"]],
    // What the catalogue writes every way
    ["circonias", ["Zirconias", "circonia", "zircón"], ["zafiro"]],
    ["oro de 14 kilates", ["Oro 14k", "oro blanco 14k"], ["Oro 18k"]],
    ["tennis", ["Pulsera Tenis"], ["Pulsera Infinito"]],
    ["perla", ["perlitas", "Perlas cultivadas"], ["Plata"]],
  ];

  for (const [q, yes, no] of cases) {
    it(`«${q}» finds ${yes.join(", ")}; not ${no.join(", ")}`, () => {
      for (const text of yes) expect(finds(q, text), text).toBe(true);
      for (const text of no) expect(finds(q, text), text).toBe(false);
    });
  }
});
