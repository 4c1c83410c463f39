/**
 * CSV as Excel in Spanish (Mexico) opens it: UTF-8 with a byte-order mark (without it Excel reads
 * UTF-8 as Windows-1252 and "Aretes Lágrima" becomes "Aretes LÃ¡grima"), fields separated by commas
 * (Mexico writes decimals with a point, so Windows' list separator for es-MX is the comma), CRLF line
 * ends, and numbers as plain numbers with a point ("4890.00"), which Excel in es-MX reads as
 * numbers and a program reads without guessing the locale.
 *
 * Reading is more forgiving: a file saved again by Excel in another locale (Spain writes `;` and
 * decimal commas) is read too — the separator is whichever of `,` and `;` the header line uses.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ",";

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Cells a spreadsheet would run as a formula: starting with =, +, -, @, a tab or a carriage return
 * (also after spaces, which some spreadsheets skip), as OWASP's CSV-injection guidance lists them. Apostrophes in
 * front count too, so that the one the export adds can always be told from the cell's own: the
 * export adds one apostrophe to every such cell and the import removes exactly one, which gives every
 * value back as it was (`'=1` → `''=1` → `'=1`).
 */
const FORMULA_START = /^'*\s*[=+\-@\t\r]/;
/** What the export wrote for a formula-like value: one apostrophe more than the value has. */
const NEUTRALISED = /^'+\s*[=+\-@\t\r]/;
/**
 * Characters that make a cell quoted: both list separators (Excel in es-MX splits on `,`, in many
 * other locales on `;`, and a user may import with either or with tabs), quotes and line breaks.
 */
const NEEDS_QUOTES = /[,;\t"\r\n]/;

/**
 * One cell: numbers as they are; text quoted when it holds a separator (`,` or `;`), a tab, a quote
 * or a line break, or starts or ends with spaces; and text that starts like a formula prefixed with
 * an apostrophe and quoted (OWASP: the spreadsheet then shows it as text instead of running it;
 * `parseCsv` removes the apostrophe again).
 */
export function csvCell(value: CsvValue, separator = CSV_SEPARATOR): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "sí" : "no";
  const formula = FORMULA_START.test(value);
  const text = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(text) || text.includes(separator) || text !== text.trim()
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}

export function csvLine(values: readonly CsvValue[], separator = CSV_SEPARATOR): string {
  return `${values.map((value) => csvCell(value, separator)).join(separator)}\r\n`;
}

/** Centavos as the plain number of pesos a spreadsheet reads: 489000 → "4890.00". */
export function pesosCell(centavos: number | null): string {
  return centavos === null ? "" : (centavos / 100).toFixed(2);
}

export type ParsedCsv = { separator: "," | ";"; header: string[]; rows: string[][] };

/** The separator the header line uses (outside quotes): `;` when it has more of them, else `,`. */
function detectSeparator(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ",") commas++;
    else if (!quoted && char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * Reads CSV text (RFC 4180: quoted fields with doubled quotes and line breaks, CRLF or LF), without
 * the byte-order mark. Blank lines are dropped; the apostrophe `csvCell` puts before a formula-like
 * value is removed (one apostrophe, when the cell starts with apostrophes and then a formula
 * character). Null when a quote is never closed.
 */
export function parseCsv(input: string): ParsedCsv | null {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    record.push(NEUTRALISED.test(cell) ? cell.slice(1) : cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (record.some((value) => value.trim() !== "")) records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === "") {
      quoted = true;
    } else if (char === separator) {
      endCell();
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else {
      cell += char;
    }
  }
  if (quoted) return null;
  endRecord();
  const [header = [], ...rows] = records;
  return { separator, header: header.map((name) => name.trim().toLowerCase()), rows };
}

/**
 * A CSV file's text: UTF-8 (with or without BOM) as the export writes it, or — when the bytes are not
 * valid UTF-8 — Windows-1252, which Excel uses when a file is saved as plain "CSV (delimitado por comas)".
 */
export function decodeCsvFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
