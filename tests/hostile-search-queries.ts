/**
 * Search texts nobody should send, for the fuzz test (tests/integration/fuzz.test.ts) and the bench
 * (tools/bench/bench.mjs, which times them on the bench catalogue). Each answers 200 (or 400), never 5xx;
 * a 100 KB query string does not even reach the shop: Node refuses a request line and headers over
 * 16 KB with 431 before any of our code runs.
 */
const words = (count: number, word: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => word(i)).join(" ");

export const HOSTILE_SEARCH_QUERIES: readonly { name: string; q: string }[] = [
  { name: "100 KB", q: "anillo de oro ".repeat(7_200).slice(0, 100_000) },
  { name: "12 KB of words", q: "anillo de oro ".repeat(900) },
  { name: "500 words", q: words(500, (i) => ["anillo", "oro", "perla", "collar", "rubí"][i % 5]!) },
  { name: "500 different words", q: words(500, (i) => `pieza${i}`) },
  {
    name: "500 misspelt words",
    q: words(500, (i) => ["anlo", "colr", "pulcra", "esmerlda", "zafrio", "rubbi"][i % 6]!),
  },
  { name: "8 misspelt words", q: "anlo colr pulcra esmerlda zafrio rubbi perlaa orroo" },
  { name: "only stop words", q: "de la el los las con para y en por un una sin sobre" },
  { name: "only punctuation", q: ".,;:!¡?¿«»()[]{}-–—'\"`~^*+=|/<>@#$&" },
  { name: "%", q: "%" },
  { name: "_", q: "_" },
  { name: "% and _", q: "%_%_ 100% __init__" },
  { name: "backslashes", q: "\\ \\\\ anillo\\ \\%\\_" },
  { name: "regex and SQL", q: "a.*b[c]( ) ^$ '; DROP TABLE products; --" },
  { name: "emoji and invisible marks", q: "💍 \u202e\u200b\u00a0anillo\u00a0oro ﷽" },
];
