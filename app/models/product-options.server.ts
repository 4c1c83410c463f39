import {
  type MatrixRow,
  type MatrixValues,
  mergeMatrix,
  planMatrix,
  readMatrix,
  MATRIX_INTENT,
} from "~/lib/options-matrix";
import { variantName } from "~/lib/variants";

/**
 * *Generar combinaciones* in the product editor (issue 37): the action's answer when the form was
 * sent with the matrix's button. Nothing is written: the form comes back with one variant row per
 * metal × size (the rows it had kept, matched by model and size), and saving it is the product
 * form's usual save, which the server validates again (duplicates, prices, stock, at most 60 rows)
 * and where a removed row with orders is archived. docs/decisions/059-options-matrix.md
 */

/** At most this many rows are read back from a posted form (the schema allows 60; more is forged). */
const MAX_ROWS_READ = 200;

export type MatrixAnswer = {
  /** A new value on every generation: the page remounts the form with the generated rows. */
  run: string;
  values: MatrixValues;
  errors: Record<string, string>;
  notice: string | null;
};

/** Whether the form was sent with *Generar combinaciones*. */
export function asksForMatrix(form: FormData): boolean {
  return form.get(MATRIX_INTENT.name) === MATRIX_INTENT.value;
}

/**
 * The generated rows (null when the matrix has errors) and the matrix's answer, from the posted form
 * (its photos already stored, so `images` holds their addresses) and the variant rows it had.
 */
export function generateOptions(
  form: FormData,
  postedRows: unknown,
): { rows: MatrixRow[] | null; answer: MatrixAnswer } {
  const values = readMatrix((name) => form.getAll(name).filter((v): v is string => typeof v === "string"));
  // The form's photos: `images[0]`, `images[1]`… (the ones it has), `images` (those just uploaded) and
  // the address typed by hand.
  const photos = [...form.entries()].flatMap(([name, value]) =>
    /^(images(\[\d{1,3}\])?|imageUrl)$/.test(name) && typeof value === "string" && value !== "" ? [value] : [],
  );
  const run = crypto.randomUUID();
  const planned = planMatrix(values, photos);
  if (!planned.ok) return { rows: null, answer: { run, values, errors: planned.errors, notice: null } };
  const material = form.get("material");
  const merged = mergeMatrix(planned.plan, rowsOf(postedRows), typeof material === "string" ? material : null);
  return { rows: merged.rows, answer: { run, values, errors: {}, notice: noticeOf(merged) } };
}

function noticeOf(merged: ReturnType<typeof mergeMatrix>): string {
  const parts = [
    `${merged.rows.length} combinaciones: ${merged.created} ${merged.created === 1 ? "nueva" : "nuevas"} y ${merged.kept} que ya ${merged.kept === 1 ? "existía" : "existían"}.`,
  ];
  if (merged.removed.length > 0) {
    const names = merged.removed.map((row) => variantName({ model: row.model || null, size: row.size || null }));
    parts.push(
      `Se quitarán ${merged.removed.length} que no están en la matriz (${names.join(", ")}); las que tienen pedidos se archivarán.`,
    );
  }
  parts.push("Revisa las existencias de cada una y guarda el producto.");
  return parts.join(" ");
}

const TEXT_FIELDS = ["model", "size", "material", "price", "originalPrice", "stock", "image"] as const;

/** The form's variant rows as text (a forged row — not an object, fields not text — reads as blank). */
function rowsOf(posted: unknown): MatrixRow[] {
  if (!Array.isArray(posted)) return [];
  return posted.slice(0, MAX_ROWS_READ).flatMap((value): MatrixRow[] => {
    if (typeof value !== "object" || value === null) return [];
    const fields = value as Record<string, unknown>;
    const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
    const row = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])) as Omit<
      MatrixRow,
      "id" | "stockLoaded"
    >;
    return [
      {
        ...row,
        ...(text("id") ? { id: text("id") } : {}),
        ...(text("stockLoaded") ? { stockLoaded: text("stockLoaded") } : {}),
      },
    ];
  });
}
