/**
 * What a shopper's search text asks for (docs/decisions/016-search-for-mexican-shoppers.md): the
 * words, without stop words, each with its singular and plural, its masculine and feminine and the
 * reviewed synonyms of ./search-words.ts, as LIKE patterns on a product's search form
 * (`joyeria_search_form` in the migrations: accent-free, lower case, " "-separated words, every
 * punctuation mark its own word, a space at each end). `% anill%` finds every word starting "anill".
 */
import { escapeLike } from "./search";
import { ALREADY_SINGULAR, ALSO_FINDS, SAME_AS, STOP_WORDS } from "./search-words";

/** Words beyond this many are not matched one by one (the whole text still is). */
export const MAX_SEARCH_WORDS = 6;

/** A word the shopper typed. */
export type SearchToken = {
  /** As typed. */
  text: string;
  /** Accent-free, lower case. */
  word: string;
  stop: boolean;
};

/** A word (or phrase) of the query: a product matches it when its text matches one of the patterns. */
export type SearchGroup = {
  patterns: string[];
  /**
   * A single word that may be misspelt. When no product matches `patterns`, the search tries the
   * closest word of the reviewed list (`fallback`), else the closest word of the catalogue to `word`.
   */
  correction: { token: number; word: string; fallback: { patterns: string[]; spelling: string } | null } | null;
};

/** Options of which one must match; each option is groups that must all match. */
export type SearchClause = { tokens: number[]; options: SearchGroup[][] };

export type AnalyzedSearch = { tokens: SearchToken[]; clauses: SearchClause[] };

const STOP = new Set(STOP_WORDS.map(normalizeWord));
const SINGULAR = new Set(ALREADY_SINGULAR);

/** Accent-free and lower case, as the database's `joyeria_normalize` writes Spanish. */
export function normalizeWord(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The search form of a phrase of the list, as the database writes a product's text. */
function searchForm(text: string): string {
  return normalizeWord(text)
    .replace(/[^a-z0-9\s]/g, " $& ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a search text, as typed and normalised; anything but letters and digits separates. */
export function searchTokens(q: string): SearchToken[] {
  return [...q.matchAll(/[\p{L}\p{N}]+/gu)]
    .map(([text]) => ({ text, word: normalizeWord(text) }))
    .filter(({ word }) => /^[a-z0-9]+$/.test(word))
    .map(({ text, word }) => ({ text, word, stop: STOP.has(word) || /^[a-z]$/.test(word) }));
}

/**
 * The forms a typed word may have in the singular, itself first: aretes → arete, aret; collares →
 * collar; rubíes → rubi; luces → luz. Words with digits, short words and singular words ending in
 * -s stay as they are.
 */
export function singularForms(word: string): string[] {
  if (/\d/.test(word) || word.length < 4 || SINGULAR.has(word) || !word.endsWith("s")) return [word];
  const forms = [word];
  if (word.endsWith("ces") && word.length >= 5) forms.push(`${word.slice(0, -3)}z`, word.slice(0, -1));
  else if (word.endsWith("es") && word.length >= 5) forms.push(word.slice(0, -1), word.slice(0, -2));
  else if (!/[iu]s$/.test(word)) forms.push(word.slice(0, -1));
  return forms;
}

/**
 * The word starts a product's word must have to match `word`: its singular stems (which also start
 * its plurals) and, for long words ending in -o/-a, the stem without it (clásico finds clásica).
 */
export function wordStems(word: string): string[] {
  const stems = singularForms(word).flatMap((form) =>
    form.length >= 6 && /[oa]$/.test(form) && !/\d/.test(form) ? [form, form.slice(0, -1)] : [form],
  );
  const usable = stems.filter((s) => s.length >= 3 || s === word);
  // A stem that starts with another one adds nothing.
  return [...new Set(usable)].filter((s, _, all) => !all.some((other) => other !== s && s.startsWith(other)));
}

/** pg_trgm's trigram similarity of two words (0–1), so the closest listed word can be found here. */
export function trigramSimilarity(a: string, b: string): number {
  const trigrams = (word: string) => {
    const padded = `  ${word} `;
    const set = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3));
    return set;
  };
  const ta = trigrams(a);
  const tb = trigrams(b);
  const shared = [...ta].filter((t) => tb.has(t)).length;
  return shared / (ta.size + tb.size - shared);
}

// ───────────────────────────── The reviewed list, prepared ─────────────────────────────

type ListTerm = { text: string; words: string[]; expansion: string[] };

/** Each term of the list with the terms it finds (its own included). */
function prepareList(): ListTerm[] {
  const sameAs = new Map<string, readonly string[]>();
  for (const group of SAME_AS) for (const term of group) sameAs.set(term, group);
  const kinds = new Map(ALSO_FINDS);
  const terms = new Set([...SAME_AS.flat(), ...ALSO_FINDS.flatMap(([term, found]) => [term, ...found])]);

  function expand(term: string, seen: Set<string>) {
    for (const same of sameAs.get(term) ?? [term]) {
      if (seen.has(same)) continue;
      seen.add(same);
      for (const kind of kinds.get(same) ?? []) expand(kind, seen);
    }
    return seen;
  }
  return [...terms].map((text) => ({
    text,
    words: searchTokens(text)
      .filter((t) => !t.stop)
      .map((t) => t.word),
    expansion: [...expand(text, new Set())],
  }));
}

const LIST = prepareList();
const LONGEST_TERM = Math.max(...LIST.map((t) => t.words.length));
/** Single words of the list a misspelt word may have meant. */
const LIST_WORDS = LIST.filter((t) => t.words.length === 1 && t.words[0]!.length >= 4);

/** Whether a typed word is a listed word, in whatever number it was typed. */
function sameWord(typed: string, listed: string): boolean {
  const forms = singularForms(typed);
  return singularForms(listed).some((f) => forms.includes(f));
}

function termPatterns(term: string): string[] {
  const form = searchForm(term);
  if (/^[a-z0-9]+$/.test(form)) return wordStems(form).map((stem) => `% ${stem}%`);
  return [`% ${escapeLike(form)}%`];
}

function patternsOf(word: string, term: ListTerm | undefined): string[] {
  const all = [...new Set([...termPatterns(word), ...(term?.expansion ?? []).flatMap(termPatterns)])];
  // "% churumbel%" already finds whatever "% media churumbela%" finds: a word of it starts so.
  const inner = (pattern: string) => ` ${pattern.slice(2, -1)}`;
  return all.filter((p) => !all.some((other) => other !== p && inner(p).includes(inner(other))));
}

/** The listed word closest to a word that may be misspelt, when one is close enough. */
function closestListWord(word: string): ListTerm | null {
  let best: { term: ListTerm; score: number } | null = null;
  for (const term of LIST_WORDS) {
    const score = trigramSimilarity(word, term.words[0]!);
    if (score >= 0.35 && (!best || score > best.score)) best = { term, score };
  }
  return best?.term ?? null;
}

function wordGroup(token: SearchToken, index: number): SearchGroup {
  const listed = LIST.find((t) => t.words.length === 1 && sameWord(token.word, t.words[0]!));
  const mayBeMisspelt = !listed && token.word.length >= 4 && /[a-z]/.test(token.word) && !/\d/.test(token.word);
  const near = mayBeMisspelt ? closestListWord(token.word) : null;
  return {
    patterns: patternsOf(token.word, listed),
    correction: mayBeMisspelt
      ? {
          token: index,
          word: token.word,
          fallback: near ? { patterns: patternsOf(near.words[0]!, near), spelling: near.text } : null,
        }
      : null,
  };
}

/** The longest listed phrase that the meaningful tokens from `start` form, if any. */
function phraseAt(words: { token: SearchToken }[], start: number): ListTerm | null {
  for (let length = Math.min(LONGEST_TERM, words.length - start); length >= 2; length -= 1) {
    const typed = words.slice(start, start + length);
    const found = LIST.find(
      (t) => t.words.length === length && t.words.every((w, i) => sameWord(typed[i]!.token.word, w)),
    );
    if (found) return found;
  }
  return null;
}

/**
 * The clauses a product must match for `q`: one per meaningful word, or per listed phrase (whose
 * words may also match one by one). A repeated word counts once; at most MAX_SEARCH_WORDS words count.
 */
export function analyzeSearch(q: string): AnalyzedSearch {
  const tokens = searchTokens(q);
  const words: { token: SearchToken; index: number }[] = [];
  tokens.forEach((token, index) => {
    if (token.stop || words.length === MAX_SEARCH_WORDS) return;
    // A word typed twice ("anillo, anillos") counts once.
    if (words.some((w) => sameWord(token.word, w.token.word))) return;
    words.push({ token, index });
  });
  const clauses: SearchClause[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = phraseAt(words, i);
    if (phrase) {
      const parts = words.slice(i, i + phrase.words.length);
      clauses.push({
        tokens: parts.map((p) => p.index),
        options: [
          [{ patterns: patternsOf(searchForm(phrase.text), phrase), correction: null }],
          parts.map((p) => wordGroup(p.token, p.index)),
        ],
      });
      i += phrase.words.length;
    } else {
      clauses.push({ tokens: [words[i]!.index], options: [[wordGroup(words[i]!.token, words[i]!.index)]] });
      i += 1;
    }
  }
  return { tokens, clauses };
}

/**
 * The search text a shopper is offered instead: the words of the clauses kept, with corrected
 * spellings, and the stop words between two kept words ("anilo de oro" → "anillo de oro").
 */
export function rewriteSearch(
  analyzed: AnalyzedSearch,
  keep: readonly SearchClause[],
  spellings: ReadonlyMap<number, string>,
): string {
  const kept = new Set(keep.flatMap((c) => c.tokens));
  const meaningful = analyzed.tokens.map((t, i) => (t.stop ? null : kept.has(i)));
  const out: string[] = [];
  analyzed.tokens.forEach((token, i) => {
    if (token.stop) {
      const left = meaningful.slice(0, i).findLast((m) => m !== null);
      const right = meaningful.slice(i + 1).find((m) => m !== null);
      if (left !== true || right !== true) return;
    } else if (!kept.has(i)) return;
    out.push((spellings.get(i) ?? token.text).toLocaleLowerCase("es-MX"));
  });
  return out.join(" ");
}
