import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { PRODUCT_IMAGE_WIDTHS, UPLOADED_IMAGE_DIR, variantPath } from "~/lib/images";
import { prisma } from "~/utils/db.server";

/**
 * Product photos uploaded in the panel. A photo is checked (present, at most 5 MB, JPEG/PNG/WebP by
 * its bytes, decodable), cropped square and turned into WebP copies at the widths the storefront asks
 * for, and kept in the database (`uploaded_files`), named by a hash of its content: every app
 * instance serves it (/uploads/…, `readUploadedFile`), and the same photo uploaded twice is one file.
 */

/** Largest photo accepted, before resizing. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The master's width; its copies are PRODUCT_IMAGE_WIDTHS, named as the renders' (`-640w`). */
const MASTER_WIDTH = 1024;

/** Pixels a photo may have before decoding is refused (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

export const PHOTO_MESSAGES = {
  tooLarge: "La foto pesa más de 5 MB: elige una más ligera",
  type: "La foto debe ser JPEG, PNG o WebP",
  unreadable: "No pudimos leer la foto: el archivo está dañado o no es una imagen",
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

/** A file field that holds a file (an empty file input sends a nameless, empty one). */
export function isUpload(value: unknown): value is File {
  return value instanceof File && value.size > 0;
}

export type PhotoResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Stores an uploaded photo and returns its address (/uploads/products/<hash>.webp), or the Spanish
 * reason it was refused (nothing stored then).
 */
export async function storePhoto(file: File): Promise<PhotoResult> {
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectPhotoType(bytes)) return { ok: false, message: PHOTO_MESSAGES.type };
  let master: Buffer;
  let copies: { width: number; data: Buffer }[];
  try {
    const square = (width: number) =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize(width, width, { fit: "cover" })
        .webp({ quality: 82 })
        .toBuffer();
    master = await square(MASTER_WIDTH);
    copies = await Promise.all(PRODUCT_IMAGE_WIDTHS.map(async (width) => ({ width, data: await square(width) })));
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }
  const name = crypto.createHash("sha256").update(master).digest("hex").slice(0, 24);
  const url = `${UPLOADED_IMAGE_DIR}${name}.webp`;
  const files = [{ url, data: master }, ...copies.map(({ width, data }) => ({ url: variantPath(url, width), data }))];
  await prisma.uploadedFile.createMany({
    data: files.map(({ url: fileUrl, data }) => ({
      path: fileUrl.slice("/uploads/".length),
      contentType: "image/webp",
      bytes: new Uint8Array(data),
      size: data.length,
    })),
    // The same photo again is the same file: nothing to write.
    skipDuplicates: true,
  });
  return { ok: true, url };
}

/** Paths under /uploads/ that name a stored file: letters, digits, dashes, one folder, an extension. */
const UPLOAD_PATH = /^[a-z]+\/[a-z0-9-]{1,80}\.webp$/;

/** A stored file by its path under /uploads/, or null. */
export async function readUploadedFile(filePath: string) {
  if (!UPLOAD_PATH.test(filePath)) return null;
  return prisma.uploadedFile.findUnique({
    where: { path: filePath },
    select: { bytes: true, contentType: true, size: true },
  });
}

/**
 * Photos uploaded before they were kept in the database lay in UPLOADS_DIR/products on one
 * instance's disk. At start, each one not yet in the database is copied in under the same path, so
 * their addresses (/uploads/products/…) keep working on every instance. Idempotent; returns how many
 * were copied (0 when the directory does not exist).
 */
export async function importLegacyUploads(dir: string): Promise<number> {
  const folder = path.resolve(dir, "products");
  let names: string[];
  try {
    names = (await fs.readdir(folder)).filter((name) => UPLOAD_PATH.test(`products/${name}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const stored = new Set(
    (
      await prisma.uploadedFile.findMany({
        where: { path: { in: names.map((name) => `products/${name}`) } },
        select: { path: true },
      })
    ).map((row) => row.path),
  );
  let copied = 0;
  for (const name of names.filter((n) => !stored.has(`products/${n}`))) {
    const data = await fs.readFile(path.join(folder, name));
    const { count } = await prisma.uploadedFile.createMany({
      data: [{ path: `products/${name}`, contentType: "image/webp", bytes: new Uint8Array(data), size: data.length }],
      skipDuplicates: true,
    });
    copied += count;
  }
  return copied;
}
