import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { catalogChanged } from "./catalog-cache.server";
import { type Actor, recordAudit } from "./audit.server";

/** Largest photo accepted, before resizing. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The square sizes the storefront shows a product in: the product page's main image (1000 px), the
 * grid card (800 px) and the gallery thumbnails (80 px, at twice the density). The product's
 * `image` is the largest; the others sit next to it under the same name with their width.
 */
export const PHOTO_SIZES = [1000, 800, 160] as const;

/** Pixels a photo may have before decoding is refused (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

export const PHOTO_MESSAGES = {
  missing: "Elige una foto para subir",
  tooLarge: "La foto pesa más de 5 MB: elige una más ligera",
  type: "La foto debe ser JPEG, PNG o WebP",
  unreadable: "No pudimos leer la foto: el archivo está dañado o no es una imagen",
  notFound: "El producto ya no existe",
  saved: "Foto guardada",
} as const;

export type PhotoType = "jpeg" | "png" | "webp";

/** The image type from the file's first bytes (never from its name or the browser's claim). */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export type PhotoResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Checks an uploaded photo (present, at most 5 MB, JPEG/PNG/WebP by content, decodable), resizes it
 * into PHOTO_SIZES as WebP under UPLOADS_DIR/products, named by a hash of the content, and makes it
 * the product's image. A bad file is refused before anything is written.
 */
export async function saveProductPhoto(actor: Actor, productId: number, file: unknown): Promise<PhotoResult> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: PHOTO_MESSAGES.missing };
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectPhotoType(bytes)) return { ok: false, message: PHOTO_MESSAGES.type };
  const exists = await prisma.product.findUnique({ where: { id: productId }, select: { id: true } });
  if (!exists) return { ok: false, message: PHOTO_MESSAGES.notFound };

  let outputs: { size: number; data: Buffer }[];
  try {
    outputs = await Promise.all(
      PHOTO_SIZES.map(async (size) => ({
        size,
        data: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
          .rotate()
          .resize(size, size, { fit: "cover" })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }

  const name = crypto.createHash("sha256").update(outputs[0]!.data).digest("hex").slice(0, 20);
  const dir = path.resolve(getEnv().UPLOADS_DIR, "products");
  await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    for (const { size, data } of outputs) {
      const target = path.join(dir, `${name}-${size}.webp`);
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${target}.${crypto.randomUUID()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
      written.push(target);
    }
    const url = `/uploads/products/${name}-${PHOTO_SIZES[0]}.webp`;
    await prisma.$transaction(async (tx) => {
      const before = await tx.product.findUniqueOrThrow({ where: { id: productId }, select: { image: true } });
      await tx.product.update({ where: { id: productId }, data: { image: url } });
      await recordAudit(tx, actor, { action: "product", productId, before, after: { image: url } });
    });
    catalogChanged({ productIds: [productId] });
    return { ok: true, url };
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}
