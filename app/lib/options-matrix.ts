import { METALS, type MetalId, metalsOf } from "./collection";
import { IMAGE_URL_PATTERN, MAX_VARIANTS, parsePesos, PRICE_MESSAGES, variantKey } from "./validation/admin-product";

/**
 * The product editor's options matrix (issue 37): staff tick metals and sizes, give each metal one
 * price (for all its sizes) and, optionally, one of the product's photos, and *Generar combinaciones*
 * turns it into one variant row per metal × size. Pure, so the action (no JavaScript) and the unit
 * tests share it; the rows it returns are the form's own rows, which the product form then saves
 * (and the server validates again) like rows typed by hand. docs/decisions/059-options-matrix.md
 */

/** Whole ring sizes offered as checkboxes (half sizes and lengths go in "Otras tallas"). */
export const MATRIX_SIZES = ["4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;

/**
 * The matrix's metals: the shop's four (the collections' filter) and one more that staff name
 * (platino, oro verde, titanio…), so a catalogue with another metal is generated in the same step.
 */
export const OTHER_METAL = "otro" as const;
export type MatrixMetalId = MetalId | typeof OTHER_METAL;
const MATRIX_METAL_IDS: readonly MatrixMetalId[] = [...METALS.map((m) => m.id), OTHER_METAL];
const OTHER_METAL_MAX = 40;

/** The submit button's name and value that asks for the rows instead of saving. */
export const MATRIX_INTENT = { name: "intent", value: "matrix" } as const;

/** The matrix's own form fields (plain inputs, outside the product schema). */
export const MATRIX_FIELDS = {
  metal: "matrixMetal",
  size: "matrixSize",
  otherSizes: "matrixOtherSizes",
  otherMetal: "matrixOtherMetal",
  price: (metal: MatrixMetalId) => `matrixPrice-${metal}`,
  image: (metal: MatrixMetalId) => `matrixImage-${metal}`,
} as const;

export const MATRIX_MESSAGES = {
  metalRequired: "Elige al menos un metal",
  tooMany: (cells: number) =>
    `Son ${cells} combinaciones; un producto puede tener hasta ${MAX_VARIANTS} variantes. Quita metales o tallas.`,
  sizeTooLong: "Cada talla puede tener hasta 30 caracteres",
  imageUnknown: "Elige una de las fotos del producto",
  otherMetalRequired: "Escribe el nombre del otro metal",
  otherMetalTooLong: `El nombre del metal puede tener hasta ${OTHER_METAL_MAX} caracteres`,
  otherMetalListed: "Ese metal ya está en la lista: márcalo arriba",
} as const;

/** A variant row as the product form holds it (text fields; see VariantFormValues). */
export type MatrixRow = {
  id?: string;
  model: string;
  size: string;
  material: string;
  price: string;
  originalPrice: string;
  stock: string;
  stockLoaded?: string;
  image: string;
};

/** What staff typed in the matrix, as text (kept when the form comes back). */
export type MatrixValues = {
  metals: MatrixMetalId[];
  sizes: string[];
  otherSizes: string;
  /** The other metal's name, as typed. */
  otherMetal: string;
  prices: Partial<Record<MatrixMetalId, string>>;
  images: Partial<Record<MatrixMetalId, string>>;
};

export type MatrixPlan = {
  metals: { id: MatrixMetalId; label: string; price: string; image: string | null }[];
  /** Empty: one row per metal, without size. */
  sizes: string[];
};

type Read = (name: string) => string[];

const first = (read: Read, name: string) => read(name).find((v) => v.length > 0) ?? "";

/** The matrix's values from a form (anything forged — unknown metals, sizes, many values — is dropped). */
export function readMatrix(read: Read): MatrixValues {
  const metals = MATRIX_METAL_IDS.filter((id) => read(MATRIX_FIELDS.metal).includes(id));
  const sizes = MATRIX_SIZES.filter((size) => read(MATRIX_FIELDS.size).includes(size));
  const prices: MatrixValues["prices"] = {};
  const images: MatrixValues["images"] = {};
  for (const id of MATRIX_METAL_IDS) {
    const price = first(read, MATRIX_FIELDS.price(id)).slice(0, 20);
    const image = first(read, MATRIX_FIELDS.image(id)).slice(0, 500);
    if (price) prices[id] = price;
    if (image) images[id] = image;
  }
  const otherSizes = first(read, MATRIX_FIELDS.otherSizes).slice(0, 500);
  const otherMetal = first(read, MATRIX_FIELDS.otherMetal).slice(0, 200);
  return { metals, sizes, otherSizes, otherMetal, prices, images };
}

/** "7.5, 45 cm ,7.5" → ["7.5", "45 cm"]: trimmed, blank and repeated ones dropped. */
export function splitSizes(text: string): string[] {
  const seen = new Set<string>();
  const sizes: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const size = part.replace(/\s+/g, " ").trim();
    if (size && !seen.has(size.toLowerCase())) {
      seen.add(size.toLowerCase());
      sizes.push(size);
    }
  }
  return sizes;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** "  platino " → "Platino": the other metal's name as its rows show it; an error when it cannot be one. */
function otherMetalLabel(typed: string): { label: string } | { error: string } {
  const name = typed.replace(/\s+/g, " ").trim();
  if (!name) return { error: MATRIX_MESSAGES.otherMetalRequired };
  if (name.length > OTHER_METAL_MAX) return { error: MATRIX_MESSAGES.otherMetalTooLong };
  if (METALS.some((m) => fold(m.label) === fold(name))) return { error: MATRIX_MESSAGES.otherMetalListed };
  return { label: name.charAt(0).toLocaleUpperCase("es-MX") + name.slice(1) };
}

/**
 * Checks the matrix on the server: at least one metal (the other one named), a price above zero for each chosen metal, a
 * photo that is one of the product's, sizes of at most 30 characters, and at most MAX_VARIANTS cells.
 * Errors are keyed by the field they belong next to.
 */
export function planMatrix(
  values: MatrixValues,
  productPhotos: readonly string[],
): { ok: true; plan: MatrixPlan } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (values.metals.length === 0) errors[MATRIX_FIELDS.metal] = MATRIX_MESSAGES.metalRequired;
  const metals: MatrixPlan["metals"] = [];
  for (const id of values.metals) {
    let label = METALS.find((m) => m.id === id)?.label ?? "";
    if (id === OTHER_METAL) {
      const other = otherMetalLabel(values.otherMetal);
      if ("error" in other) errors[MATRIX_FIELDS.otherMetal] = other.error;
      else label = other.label;
    }
    const typed = values.prices[id] ?? "";
    const centavos = typed === "" ? null : parsePesos(typed);
    if (typed === "") errors[MATRIX_FIELDS.price(id)] = PRICE_MESSAGES.required;
    else if (centavos === null) errors[MATRIX_FIELDS.price(id)] = PRICE_MESSAGES.invalid;
    else if (centavos === 0) errors[MATRIX_FIELDS.price(id)] = PRICE_MESSAGES.positive;
    const image = values.images[id] ?? null;
    if (image !== null && (!IMAGE_URL_PATTERN.test(image) || !productPhotos.includes(image))) {
      errors[MATRIX_FIELDS.image(id)] = MATRIX_MESSAGES.imageUnknown;
    }
    metals.push({ id, label, price: centavos === null ? typed : (centavos / 100).toFixed(2), image });
  }
  const others = splitSizes(values.otherSizes);
  if (others.some((size) => size.length > 30)) errors[MATRIX_FIELDS.otherSizes] = MATRIX_MESSAGES.sizeTooLong;
  const sizes = [...values.sizes];
  for (const size of others) if (!sizes.some((s) => s.toLowerCase() === size.toLowerCase())) sizes.push(size);
  const cells = values.metals.length * Math.max(1, sizes.length);
  if (cells > MAX_VARIANTS) errors[MATRIX_FIELDS.metal] ??= MATRIX_MESSAGES.tooMany(cells);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, plan: { metals, sizes } };
}

/**
 * The variant's own material for a metal the product's material does not name: the metal with the
 * product's karats for gold ("Oro rosa 14k" on an "Oro blanco 14k" ring); empty (the product's) when
 * the product's material already is that metal or names none.
 */
export function materialFor(metal: { id: MatrixMetalId; label: string }, productMaterial: string | null): string {
  const named = metalsOf(productMaterial);
  if (named.length === 0 || (named as readonly string[]).includes(metal.id)) return "";
  const gold = /^oro\b/i.test(metal.label);
  const karats = gold ? /\b(10|14|18|22|24)\s?k\b/i.exec(productMaterial ?? "") : null;
  return karats ? `${metal.label} ${karats[1]}k` : metal.label;
}

export type Merged = { rows: MatrixRow[]; created: number; kept: number; removed: MatrixRow[] };

/**
 * The rows of a plan merged with the rows the form has: one row per metal × size, in the metals' and
 * sizes' order. A cell the form already has (same model and size, any letter case) keeps its row — id,
 * stock, original price, material — and takes the metal's price and photo (when one is chosen); a new
 * cell gets stock 0. Rows outside the plan are returned as `removed` (saving the form then archives
 * the ones with orders and deletes the others, as removing a row by hand does).
 */
export function mergeMatrix(plan: MatrixPlan, current: readonly MatrixRow[], productMaterial: string | null): Merged {
  const byKey = new Map(current.map((row) => [variantKey(rowKey(row)), row]));
  const used = new Set<string>();
  const rows: MatrixRow[] = [];
  let kept = 0;
  for (const metal of plan.metals) {
    for (const size of plan.sizes.length > 0 ? plan.sizes : [""]) {
      const key = variantKey({ model: metal.label, size: size || null });
      const existing = byKey.get(key);
      used.add(key);
      if (existing) {
        kept += 1;
        rows.push({ ...existing, price: metal.price, image: metal.image ?? existing.image });
      } else {
        rows.push({
          model: metal.label,
          size,
          material: materialFor(metal, productMaterial),
          price: metal.price,
          originalPrice: "",
          stock: "0",
          image: metal.image ?? "",
        });
      }
    }
  }
  const removed = current.filter((row) => !used.has(variantKey(rowKey(row))));
  return { rows, created: rows.length - kept, kept, removed };
}

function rowKey(row: Pick<MatrixRow, "model" | "size">) {
  return { model: row.model.trim() || null, size: row.size.trim() || null };
}

/**
 * The matrix as the form opens: the metals, sizes, prices and photos the product's rows already have. Rows
 * of one model that is none of the four metals (a "Platino" made here before) open as the other metal, so
 * generating again keeps them; with several such models none is guessed.
 */
export function matrixFromRows(rows: readonly MatrixRow[]): MatrixValues {
  const values: MatrixValues = { metals: [], sizes: [], otherSizes: "", otherMetal: "", prices: {}, images: {} };
  const known = (row: MatrixRow) => METALS.find((m) => fold(m.label) === fold(row.model.trim()));
  const unknown = new Set(rows.filter((row) => row.model.trim() && !known(row)).map((row) => fold(row.model.trim())));
  const others: string[] = [];
  for (const row of rows) {
    const id: MatrixMetalId | undefined =
      known(row)?.id ?? (unknown.size === 1 && row.model.trim() ? OTHER_METAL : undefined);
    if (!id) continue;
    if (!values.metals.includes(id)) {
      values.metals.push(id);
      values.prices[id] = row.price;
      if (row.image) values.images[id] = row.image;
      if (id === OTHER_METAL) values.otherMetal = row.model.trim();
    }
    const size = row.size.trim();
    if ((MATRIX_SIZES as readonly string[]).includes(size)) {
      if (!values.sizes.includes(size)) values.sizes.push(size);
    } else if (size && !others.includes(size)) others.push(size);
  }
  values.metals = MATRIX_METAL_IDS.filter((id) => values.metals.includes(id));
  values.sizes = MATRIX_SIZES.filter((s) => values.sizes.includes(s));
  values.otherSizes = others.join(", ");
  return values;
}
