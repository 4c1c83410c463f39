#!/usr/bin/env node
// `npm run fonts:subset`: the shop's web fonts cut down to the glyphs its Spanish pages use.
//
// assets/fonts holds the fonts as published (Fontsource's "latin" files, OFL, licences in
// public/fonts); this writes each one to public/fonts with "latin" replaced by "es" in its name (a
// new name, because /fonts is served as immutable for a year), keeping only SPANISH_TEXT's
// characters: a third smaller, and the two fonts the first paint preloads are on the critical path
// of a phone's first visit. A character outside the set (a name written with "ç" or "ö") is drawn
// from the next font of the stack, as browsers do for any glyph a web font lacks.
//
// Run it again after changing SPANISH_TEXT or a source font, and commit what it writes.
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { root } from "../../scripts/lib/database.mjs";

const printableAscii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
/** ASCII, the Spanish letters and signs, and the typography the shop's texts use (dashes, quotes, arrows). */
export const SPANISH_TEXT = `${printableAscii}\u00a0¡«°·»¿ªº©®×ÁÉÍÑÓÚÜáéíñóúü–—‘’“”•…‹›€™←→−`;

const sourceDir = path.join(root, "assets/fonts");
const targetDir = path.join(root, "public/fonts");
for (const name of fs.readdirSync(sourceDir).filter((f) => f.endsWith(".woff2"))) {
  const source = fs.readFileSync(path.join(sourceDir, name));
  const subset = await subsetFont(source, SPANISH_TEXT, { targetFormat: "woff2" });
  const target = name.replace("-latin-", "-es-");
  fs.writeFileSync(path.join(targetDir, target), subset);
  console.log(`${target}: ${source.length} → ${subset.length} bytes`);
}
