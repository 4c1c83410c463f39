import { z } from "zod";
import { OCCASION_IDS, OCCASIONS_SENT } from "../occasions";
import { idField } from "./id-field";
import { ADMIN_BAD_REQUEST } from "./admin";
import { text } from "./text";

/**
 * The product form (new and edit) and the product list's actions. Prices are typed in pesos and
 * become centavos; a product with variants (models and sizes) has its prices and stock per variant,
 * one without has its own. Photos: the addresses the product already has (`images`, first is the
 * main one), new files (`photos`, replaced by their addresses once stored) and an address typed by
 * hand (`imageUrl`).
 */

const badRequest = { required_error: ADMIN_BAD_REQUEST, invalid_type_error: ADMIN_BAD_REQUEST };
const Id = idField(ADMIN_BAD_REQUEST);

/** Most pieces a stock count may hold (keeps a typo such as 1e9 out of a 32-bit column). */
export const STOCK_MAX = 999_999;

/** At most this many photos per product, and variants per product. */
export const MAX_PRODUCT_PHOTOS = 12;
export const MAX_VARIANTS = 60;

/**
 * A stock count as staff type it: the leading integer of the text, 0 when there is none
 * ("abc", "", missing), never negative and never above STOCK_MAX. Bad input is not an error here:
 * the shop's rule is that it counts as 0.
 */
export function parseStock(value: unknown): number {
  if (typeof value !== "string") return 0;
  const match = /^\s*([+-]?\d+)/.exec(value);
  const parsed = match ? Number(match[1]) : 0;
  if (!Number.isFinite(parsed) || parsed < 0) return 0;
  return Math.min(parsed, STOCK_MAX);
}

/** Typed as the text a field holds; anything else a forged request sends also reads as 0. */
const Stock = z.custom<string | undefined>(() => true).transform(parseStock);

/**
 * The stock the edit form showed when it was loaded (a hidden field beside each stock field): a
 * count the person left as it was is not written back, so a sale or a reservation made while they
 * edited stands. Missing or not a plain count (the new-product form, a catalogue import, a forged
 * post): undefined, and the typed stock is written as it is.
 */
const LoadedStock = z
  .custom<string | undefined>(() => true)
  .transform((value) => (typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : undefined));

export const PRICE_MESSAGES = {
  required: "El precio es requerido",
  invalid: "Escribe el precio en pesos, por ejemplo 1299.50",
  positive: "El precio debe ser mayor que cero",
  originalBelow: "El precio original debe ser mayor que el precio",
} as const;

/** Most a piece may cost, in pesos (a typo guard; the column holds centavos in 32 bits). */
const PRICE_MAX_PESOS = 1_000_000;

/**
 * A price typed in pesos ("1299.50", "$1,299.5", "1299") to integer centavos. Parsed from the
 * digits, never through floating point, so 0.29 is 29 centavos exactly.
 */
export function parsePesos(value: string): number | null {
  const cleaned = value.replace(/[$\s,]/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return centavos <= PRICE_MAX_PESOS * 100 ? centavos : null;
}

/** A price field: empty is null (the caller decides whether that is allowed), else positive centavos. */
const OptionalPrice = text()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    const centavos = parsePesos(value);
    if (centavos === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRICE_MESSAGES.invalid });
      return z.NEVER;
    }
    if (centavos === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRICE_MESSAGES.positive });
      return z.NEVER;
    }
    return centavos;
  });

const Checkbox = z
  .literal("on", badRequest)
  .optional()
  .transform((value) => value === "on");

export const PRODUCT_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: "El nombre no puede tener más de 120 caracteres",
  photoRequired: "Sube al menos una foto o escribe la dirección de una",
  tooManyPhotos: `Un producto puede tener hasta ${MAX_PRODUCT_PHOTOS} fotos`,
  imageInvalid: "Escribe una dirección https:// o una ruta de la tienda que empiece con /",
  descriptionTooLong: "La descripción no puede tener más de 5000 caracteres",
  materialTooLong: "El material no puede tener más de 80 caracteres",
  categoryRequired: "Elige una categoría",
  tooManyVariants: `Un producto puede tener hasta ${MAX_VARIANTS} variantes`,
} as const;

export const VARIANT_MESSAGES = {
  modelOrSize: "Escribe el modelo o la talla",
  modelTooLong: "El modelo no puede tener más de 60 caracteres",
  sizeTooLong: "La talla no puede tener más de 30 caracteres",
  duplicate: "Ya hay otra variante con este modelo y esta talla",
} as const;

/** An image address: https://… (or http://…) or a path of this shop such as /uploads/… */
export const IMAGE_URL_PATTERN = /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/;

const ImageUrl = text().pipe(
  z.string().max(500, PRODUCT_MESSAGES.imageInvalid).regex(IMAGE_URL_PATTERN, PRODUCT_MESSAGES.imageInvalid),
);

const OptionalImageUrl = ImageUrl.optional().transform((value) => value || null);

/** A file input's value (conform reads an empty one as missing). */
const Files = z.array(z.instanceof(File)).optional();

/** Length rules go before `.optional()`: conform reads an empty field as missing. */
const optionalText = (max: number, message: string) =>
  text()
    .pipe(z.string().max(max, message))
    .optional()
    .transform((value) => value || null);

export const VariantSchema = z
  .object({
    /** An existing variant's id (a new one has none). */
    id: Id.optional(),
    model: optionalText(60, VARIANT_MESSAGES.modelTooLong),
    size: optionalText(30, VARIANT_MESSAGES.sizeTooLong),
    /** The variant's own metal ("Oro blanco 14k"); empty means the product's material. */
    material: optionalText(80, PRODUCT_MESSAGES.materialTooLong),
    price: OptionalPrice,
    originalPrice: OptionalPrice,
    stock: Stock,
    stockLoaded: LoadedStock,
    image: OptionalImageUrl,
    /** A new photo for this variant (browser only: the server stores it and fills `image`). */
    photo: z.instanceof(File).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.model === null && value.size === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["model"], message: VARIANT_MESSAGES.modelOrSize });
    }
    checkPrices(value, ctx);
  });

function checkPrices(value: { price: number | null; originalPrice: number | null }, ctx: z.RefinementCtx) {
  if (value.price === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: PRICE_MESSAGES.required });
  } else if (value.originalPrice !== null && value.originalPrice <= value.price) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["originalPrice"], message: PRICE_MESSAGES.originalBelow });
  }
}

/** The key that makes a variant unique within its product: its model and size, in any letter case. */
export function variantKey(variant: { model: string | null; size: string | null }): string {
  return `${(variant.model ?? "").toLowerCase()}|${(variant.size ?? "").toLowerCase()}`;
}

export const ProductSchema = z
  .object({
    name: text({ required: PRODUCT_MESSAGES.nameRequired }).pipe(z.string().max(120, PRODUCT_MESSAGES.nameTooLong)),
    description: text({ multiline: true })
      .pipe(z.string().max(5000, PRODUCT_MESSAGES.descriptionTooLong))
      .optional()
      .transform((value) => value ?? ""),
    material: optionalText(80, PRODUCT_MESSAGES.materialTooLong),
    categoryId: idField(PRODUCT_MESSAGES.categoryRequired),
    inStock: Checkbox,
    isNew: Checkbox,
    isFeatured: Checkbox,
    /** The occasions ticked; absent (not the form: the import) leaves the product's as they are. */
    occasions: z
      .preprocess(
        (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).filter((o) => o !== OCCASIONS_SENT)),
        z.array(z.enum(OCCASION_IDS, badRequest)).max(OCCASION_IDS.length, ADMIN_BAD_REQUEST).optional(),
      )
      .transform((v) => (v === undefined ? undefined : [...new Set(v)])),
    /** Without variants: the product's own price, original price and stock. */
    price: OptionalPrice,
    originalPrice: OptionalPrice,
    stock: Stock,
    stockLoaded: LoadedStock,
    images: z
      .array(ImageUrl)
      .optional()
      .transform((value) => value ?? []),
    imageUrl: OptionalImageUrl,
    photos: Files,
    variants: z
      .array(VariantSchema)
      .max(MAX_VARIANTS, PRODUCT_MESSAGES.tooManyVariants)
      .optional()
      .transform((value) => value ?? []),
  })
  .superRefine((value, ctx) => {
    if (value.variants.length === 0) checkPrices(value, ctx);
    const seen = new Set<string>();
    value.variants.forEach((variant, i) => {
      const key = variantKey(variant);
      if (seen.has(key)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["variants", i, "size"],
          message: VARIANT_MESSAGES.duplicate,
        });
      }
      seen.add(key);
    });
    const photos = value.images.length + (value.imageUrl ? 1 : 0) + (value.photos?.length ?? 0);
    if (photos === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photos"], message: PRODUCT_MESSAGES.photoRequired });
    } else if (photos > MAX_PRODUCT_PHOTOS) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photos"], message: PRODUCT_MESSAGES.tooManyPhotos });
    }
  });

export type ProductInput = z.infer<typeof ProductSchema>;
/** The form's values as typed (what conform's fields describe). */
export type ProductFormInput = z.input<typeof ProductSchema>;
export type VariantInput = ProductInput["variants"][number];

/** Actions of the product list, one schema per `intent`. */
export const ProductActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("stock"), productId: Id, stock: Stock }),
    z.object({ intent: z.literal("variant-stock"), variantId: Id, stock: Stock }),
    z.object({ intent: z.literal("delete"), productId: Id }),
  ],
  { errorMap: () => ({ message: ADMIN_BAD_REQUEST }) },
);
