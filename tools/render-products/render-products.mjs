// The product pictures: every piece of the seed catalogue modelled procedurally and rendered in
// Blender's Cycles (a path tracer from Debian's packages), then cut into the WebP sizes the storefront
// uses with sharp. The output is committed under public/images/products; run this only to change it.
//
//   npm run render:products                 every picture that is missing
//   npm run render:products -- --force      all of them again
//   npm run render:products -- --only anillo-solitario-aurora,collar-perlas-cultivadas
//   npm run render:products -- --preview    small and fast, into /tmp, to try a change to the scene
//   options: --samples N (default 36) --size N (default 1024) --batch N (pieces per Blender process, default 3)
//
// Needs `apt-get install blender` (3.4, CPU rendering; no denoiser, so the scene keeps noise low by
// design). Runs Blender at low priority with two threads. See README ("Product pictures").
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { imageFiles } from "../../prisma/seed-data.ts";
import { PRODUCT_IMAGE_WIDTHS, variantPath } from "../../app/lib/images.ts";

const { values: args } = parseArgs({
  options: {
    force: { type: "boolean", default: false },
    preview: { type: "boolean", default: false },
    only: { type: "string" },
    samples: { type: "string" },
    size: { type: "string" },
    batch: { type: "string", default: "3" },
  },
});

const root = path.resolve(import.meta.dirname, "../..");
const publicDir = path.join(root, "public");
const size = Number(args.size ?? (args.preview ? 384 : 1024));
const samples = Number(args.samples ?? (args.preview ? 24 : 36));
const only = args.only ? args.only.split(",").map((s) => s.trim()) : null;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-renders-"));
const previewDir = path.join(os.tmpdir(), "joyeria-render-previews");

/** The shop's ivory (#f8f3ea, a shade darker): the backdrop's corner is brought to it in every picture. */
const BACKDROP_TARGET = [246, 241, 232];
const WEBP = { quality: 80, effort: 5 };

const files = imageFiles().filter((f) => {
  const name = path.basename(f.url, ".webp");
  if (only && !only.some((slug) => name === slug || name.startsWith(`${slug}-`))) return false;
  if (args.force || args.preview) return true;
  const master = path.join(publicDir, f.url);
  return ![master, ...PRODUCT_IMAGE_WIDTHS.map((w) => path.join(publicDir, variantPath(f.url, w)))].every((p) =>
    fs.existsSync(p),
  );
});

const jobs = files.map((f) => ({
  kind: f.art.kind,
  metal: f.art.metal,
  gem: f.art.gem ?? null,
  view: f.composition,
  out: path.join(work, `${path.basename(f.url, ".webp")}.png`),
  size,
  samples,
  url: f.url,
}));

console.log(`${jobs.length} pictures to render at ${size} px, ${samples} samples${args.preview ? " (preview)" : ""}`);
const started = Date.now();
const batch = Math.max(1, Number(args.batch));
let done = 0;
for (let i = 0; i < jobs.length; i += batch) {
  const chunk = jobs.slice(i, i + batch);
  const list = path.join(work, `jobs-${i}.json`);
  fs.writeFileSync(list, JSON.stringify(chunk));
  await runBlender(list, (line) => {
    const match = /^RENDERED (\S+) ([\d.]+)s/.exec(line);
    if (match) {
      done += 1;
      const job = chunk.find((j) => j.out === match[1]);
      const elapsed = (Date.now() - started) / 1000;
      const eta = (elapsed / done) * (jobs.length - done);
      console.log(
        `[${done}/${jobs.length}] ${path.basename(job?.url ?? match[1])} ${match[2]} s (elapsed ${fmt(elapsed)}, left ~${fmt(eta)})`,
      );
    }
  });
  for (const job of chunk) await publish(job);
}
console.log(`done: ${jobs.length} pictures in ${fmt((Date.now() - started) / 1000)}`);
fs.rmSync(work, { recursive: true, force: true });

function fmt(seconds) {
  const m = Math.floor(seconds / 60);
  return m ? `${m} min ${Math.round(seconds % 60)} s` : `${Math.round(seconds)} s`;
}

function runBlender(list, onLine) {
  return new Promise((resolve, reject) => {
    const script = path.join(root, "tools/render-products/render.py");
    const child = spawn(
      "nice",
      ["-n", "10", "blender", "-b", "--factory-startup", "--python-exit-code", "1", "--python", script, "--", list],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let tail = "";
    const read = (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n")) onLine(line);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("error", (error) =>
      reject(new Error(`could not run blender (apt-get install blender): ${error.message}`)),
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`blender exited with ${code}:\n${tail}`))));
  });
}

/**
 * Brings the backdrop to the shop's ivory (a gain per channel measured on the picture's top-left
 * corner, which is always backdrop) and writes the master and its responsive copies.
 */
async function publish(job) {
  const { data, info } = await sharp(job.out)
    .extract({ left: 0, top: 0, width: Math.round(size / 16), height: Math.round(size / 16) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sums[c] += data[i + c];
  const pixels = data.length / info.channels;
  const gains = sums.map((sum, c) => BACKDROP_TARGET[c] / Math.max(1, sum / pixels));
  const graded = await sharp(job.out).removeAlpha().linear(gains, [0, 0, 0]).png().toBuffer();
  if (args.preview) {
    fs.mkdirSync(previewDir, { recursive: true });
    const out = path.join(previewDir, `${path.basename(job.url, ".webp")}.png`);
    await sharp(graded).toFile(out);
    return;
  }
  const master = path.join(publicDir, job.url);
  fs.mkdirSync(path.dirname(master), { recursive: true });
  await sharp(graded).resize(size, size).webp(WEBP).toFile(master);
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    await sharp(graded)
      .resize(width, width)
      .webp(WEBP)
      .toFile(path.join(publicDir, variantPath(job.url, width)));
  }
}
