import { z } from "zod";
import { type CsvValue, pesosCell } from "./csv";
import { parseId } from "./ids";
import { IMAGE_URL_PATTERN, PRICE_MESSAGES, PRODUCT_MESSAGES, VARIANT_MESSAGES } from "./validation/admin-product";
import { text } from "./validation/text";

/**
 * The catalogue as a CSV file: what the export writes and the import reads, one row per variant (a
 * product without variants is one row with the variant columns empty). The product's columns repeat
 * on each of its rows. Prices in pesos as plain numbers; photos as addresses separated by spaces (the
 * first is the main one); yes/no as "sí"/"no".
 */
export const CATALOG_COLUMNS = [
  "producto_id",
  "nombre",
  "categoria",
  "material",
  "descripcion",
  "en_venta",
  "nuevo",
  "destacado",
  "fotos",
  "variante_id",
  "modelo",
  "talla",
  "material_variante",
  "precio",
  "precio_original",
  "existencias",
  "foto_variante",
] as const;

export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** What a staff member reads for each column when the import names it in an error. */
export const CATALOG_COLUMN_LABEL: Record<CatalogColumn, string> = {
  producto_id: "producto_id",
  nombre: "Nombre",
  categoria: "Categoría",
  material: "Material",
  descripcion: "Descripción",
  en_venta: "En venta",
  nuevo: "Nuevo",
  destacado: "Destacado",
  fotos: "Fotos",
  variante_id: "variante_id",
  modelo: "Modelo",
  talla: "Talla",
  material_variante: "Material de la variante",
  precio: "Precio",
  precio_original: "Precio original",
  existencias: "Existencias",
  foto_variante: "Foto de la variante",
};

export type CatalogExportProduct = {
  id: number;
  name: string;
  category: string;
  material: string | null;
  description: string;
  inStock: boolean;
  isNew: boolean;
  isFeatured: boolean;
  price: number;
  originalPrice: number | null;
  stock: number;
  photos: string[];
  variants: {
    id: number;
    model: string | null;
    size: string | null;
    material: string | null;
    price: number;
    originalPrice: number | null;
    stock: number;
    image: string | null;
  }[];
};

/** A product's rows, in CATALOG_COLUMNS order. */
export function catalogRows(product: CatalogExportProduct): CsvValue[][] {
  const own: CsvValue[] = [
    product.id,
    product.name,
    product.category,
    product.material,
    product.description,
    product.inStock,
    product.isNew,
    product.isFeatured,
    product.photos.join(" "),
  ];
  if (product.variants.length === 0) {
    return [
      [...own, null, null, null, null, pesosCell(product.price), pesosCell(product.originalPrice), product.stock, null],
    ];
  }
  return product.variants.map((v) => [
    ...own,
    v.id,
    v.model,
    v.size,
    v.material,
    pesosCell(v.price),
    pesosCell(v.originalPrice),
    v.stock,
    v.image,
  ]);
}

export const IMPORT_MESSAGES = {
  unreadable: "El archivo no es un CSV legible (¿una comilla sin cerrar?)",
  empty: "El archivo no tiene filas de productos",
  tooManyRows: "El archivo tiene más de 5000 filas: divídelo en varios",
  missingColumns: (columns: string[]) => `Faltan columnas: ${columns.join(", ")}`,
  yesNo: "Escribe sí o no",
  id: "Debe ser un número de la tienda o quedar vacío",
  stock: "Escribe un número entero de piezas, 0 o más",
  photos: "Escribe las direcciones de las fotos separadas por espacios (https://… o /…)",
  photoRequired: "Escribe al menos una foto",
  categoryRequired: "Escribe la categoría",
  unknownCategory: (name: string) => `No existe la categoría «${name}»`,
  unknownProduct: (id: number) => `No existe el producto ${id} (o se archivó)`,
  ambiguousName: (name: string) =>
    `Hay varios productos llamados “${name}”: escribe en producto_id cuál es (la exportación lo trae)`,
  unknownVariant: (id: number) => `La variante ${id} no es de este producto (o se quitó)`,
  mixed: "Un producto con variantes necesita modelo o talla en cada una de sus filas",
  disagree: (column: string) => `Las filas de este producto no coinciden en «${column}»`,
  duplicateVariant: VARIANT_MESSAGES.duplicate,
} as const;

export const MAX_IMPORT_ROWS = 5000;

const YES = new Set(["sí", "si", "s", "1", "true", "verdadero", "x"]);
const NO = new Set(["no", "n", "0", "false", "falso", ""]);

const YesNo = z.string().transform((value, ctx) => {
  const v = value.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: IMPORT_MESSAGES.yesNo });
  return z.NEVER;
});

const OptionalId = z.string().transform((value, ctx) => {
  if (value.trim() === "") return null;
  const id = parseId(value.trim());
  if (id === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: IMPORT_MESSAGES.id });
  return id;
});

/**
 * Pesos as a file writes them: "4890.00", "4,890.50"; in a file with semicolons (Excel in Spain)
 * the comma is the decimal mark ("4890,50"). Null for an empty cell.
 */
export function parseFilePesos(value: string, separator: "," | ";"): number | null | "invalid" {
  const cleaned = value.replace(/[$\s]/g, "");
  if (cleaned === "") return null;
  const normalised = separator === ";" ? cleaned.replace(/\./g, "").replace(",", ".") : cleaned.replace(/,/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(normalised);
  if (!match) return "invalid";
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return centavos > 0 && centavos <= 100_000_000 ? centavos : "invalid";
}

const FileText = (max: number, message: string) =>
  text({ multiline: true })
    .pipe(z.string().max(max, message))
    .transform((value) => value || null);

/** One row of the file, its cells checked and typed (prices still to read with the file's separator). */
export const CatalogRowSchema = z.object({
  producto_id: OptionalId,
  nombre: text({ required: PRODUCT_MESSAGES.nameRequired }).pipe(z.string().max(120, PRODUCT_MESSAGES.nameTooLong)),
  categoria: text({ required: IMPORT_MESSAGES.categoryRequired }),
  material: FileText(80, PRODUCT_MESSAGES.materialTooLong),
  descripcion: text({ multiline: true }).pipe(z.string().max(5000, PRODUCT_MESSAGES.descriptionTooLong)),
  en_venta: YesNo,
  nuevo: YesNo,
  destacado: YesNo,
  fotos: text().transform((value, ctx) => {
    const urls = value.split(/\s+/).filter(Boolean);
    if (urls.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: IMPORT_MESSAGES.photoRequired });
    else if (urls.some((url) => url.length > 500 || !IMAGE_URL_PATTERN.test(url))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: IMPORT_MESSAGES.photos });
    }
    return urls;
  }),
  variante_id: OptionalId,
  modelo: FileText(60, VARIANT_MESSAGES.modelTooLong),
  talla: FileText(30, VARIANT_MESSAGES.sizeTooLong),
  material_variante: FileText(80, PRODUCT_MESSAGES.materialTooLong),
  precio: z.string(),
  precio_original: z.string(),
  existencias: z.string().transform((value, ctx) => {
    const v = value.trim();
    if (v === "") return 0;
    if (!/^\d{1,6}$/.test(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: IMPORT_MESSAGES.stock });
    return Number(v);
  }),
  foto_variante: text().transform((value, ctx) => {
    if (value === "") return null;
    if (value.length > 500 || !IMAGE_URL_PATTERN.test(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRODUCT_MESSAGES.imageInvalid });
    }
    return value;
  }),
});

export type CatalogRow = z.infer<typeof CatalogRowSchema> & {
  line: number;
  price: number;
  originalPrice: number | null;
};

/** A price cell's error, or its centavos. */
export function priceCell(value: string, separator: "," | ";", required: boolean) {
  const parsed = parseFilePesos(value, separator);
  if (parsed === "invalid") return { error: PRICE_MESSAGES.invalid };
  if (parsed === null && required) return { error: PRICE_MESSAGES.required };
  return { value: parsed };
}
