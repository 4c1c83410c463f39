#!/usr/bin/env node
// `npm run bench`: measures what the issues set targets for, on this machine, with the production
// build on a fresh embedded database (or DATABASE_URL when set):
//   - latency (p50/p95) and throughput of the main pages at concurrency 1 and 8;
//   - the JavaScript a shopper downloads for the home page (gzip).
// Requires `npm run build` first. Prints a table; nothing here is a pass/fail test.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, root } from "./lib/database.mjs";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PAGES = ["/", "/?categoria=rings", "/producto/2", "/search?q=anillo", "/cart", "/healthz"];

const port = await freePort();
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    PGLITE_DATA_DIR: "memory://",
    SESSION_SECRET: "bench-secret-0123456789abcdef",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(url, concurrency) {
  const times = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < REQUESTS) {
      next += 1;
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: times.length / elapsed };
}

function bundleSize() {
  const manifestFile = fs.readdirSync(path.join(root, "public/build")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) return null;
  const source = fs.readFileSync(path.join(root, "public/build", manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", "routes/_index"]) {
    const route = manifest.routes[id];
    if (route) [route.module, ...(route.imports ?? [])].forEach((f) => files.add(f));
  }
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buf = fs.readFileSync(path.join(root, "public", file));
    raw += buf.length;
    gz += gzipSync(buf).length;
  }
  return { files: files.size, raw, gz };
}

try {
  await waitUp();
  for (const page of PAGES) await measure(base + page, 2); // warm up
  console.log(
    `\nJoyería bench — ${REQUESTS} requests per row, production build, ${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded PGlite"}\n`,
  );
  console.log("page                      conc   p50 ms   p95 ms    req/s");
  for (const page of PAGES) {
    for (const concurrency of [1, 8]) {
      const r = await measure(base + page, concurrency);
      console.log(
        `${page.padEnd(26)}${String(concurrency).padStart(4)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.rps.toFixed(0).padStart(9)}`,
      );
    }
  }
  const size = bundleSize();
  if (size) {
    console.log(
      `\nHome page JavaScript: ${size.files} files, ${(size.raw / 1024).toFixed(1)} KiB, ${(size.gz / 1024).toFixed(1)} KiB gzip`,
    );
  }
} finally {
  stop();
}
