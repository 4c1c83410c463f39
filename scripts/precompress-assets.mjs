#!/usr/bin/env node
// Part of `npm run build`, after the browser build is final: writes a gzip (`.gz`, by Zopfli) and a
// Brotli (`.br`, quality 11) copy of every script, stylesheet and SVG under public/build, which the
// server sends as they are to a browser that accepts them (server/precompressed.mjs).
//
// Those files are immutable under their names, so the slow, best compression is paid once per build
// instead of the compression middleware's quick one on every request: Zopfli's gzip is about 3 % smaller
// than zlib's best level, Brotli's about 12 %, and a request for them costs the server no compression at
// all (decision 026, revision of 2026-11-26).
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.join(root, "public/build");
const COMPRESSIBLE = /\.(js|css|svg)$/;

const started = Date.now();
let plain = 0;
let gzip = 0;
let brotli = 0;
const files = fs
  .readdirSync(buildDir, { recursive: true })
  .map((file) => path.join(buildDir, file))
  .filter((file) => COMPRESSIBLE.test(file));
for (const file of files) {
  const bytes = fs.readFileSync(file);
  const gz = Buffer.from(await gzipAsync(bytes, { numiterations: 15 }));
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  fs.writeFileSync(`${file}.gz`, gz);
  fs.writeFileSync(`${file}.br`, br);
  plain += bytes.length;
  gzip += gz.length;
  brotli += br.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Precompressed ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kb(plain)} → gzip ${kb(gzip)}, brotli ${kb(brotli)}`,
);
