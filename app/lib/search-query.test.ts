import { describe, expect, it } from "vitest";
import {
  analyzeSearch,
  MAX_SEARCH_WORDS,
  rewriteSearch,
  searchTokens,
  singularForms,
  trigramSimilarity,
  wordStems,
} from "./search-query";

/** Every pattern a product may match for each clause (options flattened). */
const patterns = (q: string) => analyzeSearch(q).clauses.map((c) => c.options.flat().flatMap((g) => g.patterns));

describe("searchTokens", () => {
  it("splits on anything but letters and digits, normalises accents and case, marks stop words", () => {
    expect(searchTokens("ANILLO de Oro, 14k!")).toEqual([
      { text: "ANILLO", word: "anillo", stop: false },
      { text: "de", word: "de", stop: true },
      { text: "Oro", word: "oro", stop: false },
      { text: "14k", word: "14k", stop: false },
    ]);
    expect(searchTokens("Ónix Oaxaqueña").map((t) => t.word)).toEqual(["onix", "oaxaquena"]);
    expect(searchTokens("% _ \\ «»")).toEqual([]);
    expect(searchTokens("x 5").map((t) => t.stop)).toEqual([true, false]);
  });
});

describe("singular and plural", () => {
  it("lists the singular a plural may have", () => {
    expect(singularForms("anillos")).toEqual(["anillos", "anillo"]);
    expect(singularForms("collares")).toEqual(["collares", "collare", "collar"]);
    expect(singularForms("aretes")).toEqual(["aretes", "arete", "aret"]);
    expect(singularForms("rubies")).toContain("rubi");
    expect(singularForms("luces")).toEqual(["luces", "luz", "luce"]);
    for (const word of ["tenis", "tres", "14k", "oro", "anillo", "iris"]) expect(singularForms(word)).toEqual([word]);
  });

  it("matches words by their stems: plural, singular, masculine and feminine", () => {
    expect(wordStems("anillos")).toEqual(["anill"]);
    expect(wordStems("clasicas")).toEqual(["clasic"]);
    expect(wordStems("aretes")).toEqual(["aret"]);
    expect(wordStems("collares")).toEqual(["collar"]);
    expect(wordStems("oro")).toEqual(["oro"]);
    expect(wordStems("rosa")).toEqual(["rosa"]);
    expect(wordStems("luces")).toEqual(["luz", "luce"]);
  });
});

describe("trigramSimilarity", () => {
  it("is pg_trgm's similarity", () => {
    expect(trigramSimilarity("anilo", "anillo")).toBeCloseTo(0.625);
    expect(trigramSimilarity("pulcera", "pulsera")).toBeCloseTo(0.4545, 3);
    expect(trigramSimilarity("argoya", "argolla")).toBeCloseTo(0.3636, 3);
    expect(trigramSimilarity("oro", "oro")).toBe(1);
  });
});

describe("analyzeSearch", () => {
  it("needs every meaningful word, in any order, without stop words", () => {
    expect(patterns("anillo de oro")).toEqual([
      ["% anill%", "% argoll%", "% alianz%", "% churumbel%", "% media eternidad%", "% sortij%"],
      ["% oro%"],
    ]);
    expect(patterns("oro anillo").reverse()).toEqual(patterns("ANILLO de Oro"));
    expect(analyzeSearch("de la con").clauses).toEqual([]);
    expect(analyzeSearch("%").clauses).toEqual([]);
  });

  it("matches at most MAX_SEARCH_WORDS words, a repeated word once", () => {
    const words = Array.from({ length: MAX_SEARCH_WORDS + 3 }, (_, i) => `palabra${i}`);
    expect(analyzeSearch(words.join(" ")).clauses).toHaveLength(MAX_SEARCH_WORDS);
    expect(analyzeSearch("anillo oro Anillos ORO anillo").clauses.map((c) => c.tokens)).toEqual([[0], [1]]);
  });

  it("finds a listed phrase, or its words one by one", () => {
    const [clause] = analyzeSearch("Oro Amarillo").clauses;
    expect(clause!.options.map((o) => o.map((g) => g.patterns))).toEqual([
      [["% oro amarillo%", "% oro 10k%", "% oro 14k%", "% oro 18k%", "% oro 22k%", "% oro 24k%"]],
      [["% oro%"], ["% amarill%"]],
    ]);
    expect(patterns("plata .925")[0]).toEqual(expect.arrayContaining(["% plata . 925%", "% plata esterlina%"]));
    expect(patterns("oro de 14 kilates")[1]).toEqual(expect.arrayContaining(["% 14k%", "% 14 quilates%"]));
  });

  it("offers a correction for a word that may be misspelt: the list's closest word, else the catalogue's", () => {
    const [pulcera] = analyzeSearch("pulcera").clauses[0]!.options[0]!;
    expect(pulcera!.correction).toEqual({
      token: 0,
      word: "pulcera",
      fallback: { patterns: ["% pulser%", "% esclav%", "% brazalete%"], spelling: "pulsera" },
    });
    expect(analyzeSearch("zafriro").clauses[0]!.options[0]![0]!.correction).toEqual({
      token: 0,
      word: "zafriro",
      fallback: null,
    });
    // Listed words, short words and numbers are not corrected.
    for (const q of ["aretes", "oro", "14k", "925"])
      expect(analyzeSearch(q).clauses[0]!.options[0]![0]!.correction).toBe(null);
  });
});

describe("rewriteSearch", () => {
  it("writes the corrected text, keeping the stop words between kept words", () => {
    const analyzed = analyzeSearch("ANILO de Oro con rubí");
    expect(rewriteSearch(analyzed, analyzed.clauses, new Map([[0, "anillo"]]))).toBe("anillo de oro con rubí");
    expect(rewriteSearch(analyzed, analyzed.clauses.slice(0, 2), new Map([[0, "anillo"]]))).toBe("anillo de oro");
    expect(rewriteSearch(analyzed, analyzed.clauses.slice(1), new Map())).toBe("oro con rubí");
    expect(rewriteSearch(analyzed, [analyzed.clauses[0]!, analyzed.clauses[2]!], new Map())).toBe("anilo rubí");
  });
});
