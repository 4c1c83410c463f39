// Responsive copies of product pictures: for a source image (SVG today, photographs later — any
// format sharp reads) it writes `<name>-<width>w.webp` beside it for every width the pages ask for
// (app/lib/images.ts). Copies newer than their source are kept, so re-running is cheap. SVG sources
// are rasterised by sharp's librsvg at the density that makes the widest copy sharp.
import fs from "node:fs";
import path from "node:path";

const WEBP = { quality: 78, effort: 4 };

/** The copy of `sourceFile` at `width` (same rule as variantPath in app/lib/images.ts). */
export function copyPath(sourceFile, width) {
  return `${sourceFile.replace(/\.[a-z0-9]+$/i, "")}-${width}w.webp`;
}

/** Writes the missing or stale copies of one image; returns how many it wrote. */
export async function makeResponsiveCopies(sourceFile, widths) {
  const { default: sharp } = await import("sharp");
  const sourceTime = fs.statSync(sourceFile).mtimeMs;
  const todo = widths.filter((w) => {
    const out = copyPath(sourceFile, w);
    return !fs.existsSync(out) || fs.statSync(out).mtimeMs < sourceTime;
  });
  if (todo.length === 0) return 0;
  const isSvg = /\.svg$/i.test(sourceFile);
  let density;
  if (isSvg) {
    const { width = 800 } = await sharp(sourceFile).metadata();
    density = Math.min(2400, Math.ceil((72 * Math.max(...todo)) / width));
  }
  for (const width of todo) {
    await sharp(sourceFile, density ? { density } : {})
      .resize(width, width, { fit: "cover" })
      .webp(WEBP)
      .toFile(copyPath(sourceFile, width));
  }
  return todo.length;
}

/**
 * The copies of every picture under `publicDir` named by `urls` (site paths such as
 * /images/products/anillo.svg). Missing sources are skipped (the seed warns about them).
 */
export async function makeResponsiveImages(publicDir, urls, widths) {
  const files = [...new Set(urls)]
    .filter((url) => url.startsWith("/images/products/") && !url.includes(".."))
    .map((url) => path.join(publicDir, url))
    .filter((file) => fs.existsSync(file));
  let written = 0;
  // Two at a time: sharp is multi-threaded already, and the machine may be shared.
  for (let i = 0; i < files.length; i += 2) {
    const counts = await Promise.all(files.slice(i, i + 2).map((f) => makeResponsiveCopies(f, widths)));
    written += counts.reduce((a, b) => a + b, 0);
  }
  return { images: files.length, written };
}
