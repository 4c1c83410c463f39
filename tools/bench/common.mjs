// Pieces shared by the bench scripts: starting the shop's server (or any node script that prints
// "listening on http://localhost:PORT"), running a node script to its end, Lighthouse, page weights.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { root } from "../../scripts/lib/database.mjs";
import { serverNodeFlags } from "../../scripts/lib/server-flags.mjs";

const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
});

/** Exits with a message when there is no production build: the bench scripts measure it, never build it. */
export function requireBuild() {
  if (!fs.existsSync(path.join(root, "build/index.js"))) {
    console.error('No production build: run "npm run build" first.');
    process.exit(1);
  }
}

/** Starts a node script (with the shop server's Node flags) and resolves once it prints the address it listens on. */
export function startServer(script, env, cwd = root) {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...serverNodeFlags(), ...profile, script], {
      cwd,
      env: { ...process.env, ...env },
      stdio: "pipe",
    });
    children.add(child);
    let output = "";
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      const listening = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        child.stdout.removeListener("data", onData);
        child.stdout.resume(); // the access log: read and dropped, as a production log pipe would
        resolve({
          url: listening[1],
          stop: () =>
            new Promise((done) => {
              children.delete(child);
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}

/** Runs `node …args` in the repository and resolves with its standard output. */
export function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: "pipe" });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")}: ${err || out}`))));
  });
}

/** One Lighthouse run (its default: a mid-range phone on a slow 4G link) with Debian's Chromium. */
export async function lighthouse(url, attempts = 3) {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    // Lighthouse sometimes loses the trace's navigation start (NO_NAVSTART); the next run is fine.
    if (attempts > 1 && /NO_NAVSTART/.test(String(error))) return lighthouse(url, attempts - 1);
    throw error;
  }
}

async function lighthouseOnce(url) {
  const bin = path.join(root, "node_modules/lighthouse/cli/index.js");
  const out = await runNode(
    [
      bin,
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
  );
  const report = JSON.parse(out);
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    // The whole report of each run, for reading the main thread's work (LIGHTHOUSE_REPORT_DIR=/tmp/lh).
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), out);
  }
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: report.audits["first-contentful-paint"]?.numericValue,
    lcp: report.audits["largest-contentful-paint"]?.numericValue,
    tbt: report.audits["total-blocking-time"]?.numericValue,
    cls: report.audits["cumulative-layout-shift"]?.numericValue,
    benchmarkIndex: report.environment?.benchmarkIndex,
    failing,
  };
}

/**
 * What the host charges for fresh memory: microseconds to fault in one 4 KiB page that a new process
 * touches for the first time (the median of three fresh processes touching 256 MiB each). A browser's
 * new renderer faults in its heap, code and layout memory as it loads a page, so on a host where this is
 * slow (a paging-virtualised micro-VM, where each fault of a new page traps: docs/testing-time.md) every
 * main-thread task is longer, and Lighthouse's simulated phone multiplies that by four. Printed beside
 * Lighthouse's scores so runs on different hosts can be told apart; a few tenths of a microsecond is usual
 * on a physical machine.
 */
export async function pageFaultMicros() {
  const script =
    "const b=Buffer.alloc(256*1024*1024);const t=process.hrtime.bigint();" +
    "for(let i=0;i<b.length;i+=4096)b[i]=1;" +
    "process.stdout.write(String(Number(process.hrtime.bigint()-t)/1000/(b.length/4096)))";
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(Number(await runNode(["-e", script], {})));
  return runs.sort((a, b) => a - b)[1];
}

/**
 * What travels for `file` to a browser that accepts `encoding`: the build's precompressed copy when
 * there is one (the server sends it as it is, server/precompressed.mjs), else what zlib makes of it.
 */
function encodedSize(file, encoding) {
  const plain = path.join(root, "public", file.split("?")[0]);
  const copy = `${plain}${encoding === "br" ? ".br" : ".gz"}`;
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  const bytes = fs.readFileSync(plain);
  return encoding === "br" ? brotliCompressSync(bytes).length : gzipSync(bytes).length;
}
const gzipSize = (file) => encodedSize(file, "gzip");

/**
 * The JavaScript a first load of `html` fetches (every module it preloads or imports) and its
 * stylesheets, gzip, and the bytes of the fonts it preloads.
 */
export function pageAssets(html) {
  const js = new Set(
    [
      // The shop marks them fetchpriority="low" (app/utils/module-preloads.server.ts).
      ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
      ...html.matchAll(/<script[^>]* src="([^"]+)"/g),
      ...html.matchAll(/import(?:\s+\S+\s+from)?\s*\(?\s*"(\/build\/[^"]+)"/g),
    ].map((m) => m[1]),
  );
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  // woff2 is compressed already: its bytes are what travels.
  const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+\.woff2)"/g)].map((m) => m[1]);
  const sum = (files) => [...files].reduce((total, f) => total + gzipSize(f), 0);
  const fontBytes = fonts.reduce((total, f) => total + fs.statSync(path.join(root, "public", f)).size, 0);
  return {
    jsGzip: sum(js),
    jsBrotli: [...js].reduce((total, f) => total + encodedSize(f, "br"), 0),
    jsFiles: js.size,
    cssGzip: sum(css),
    fontBytes,
    js: [...js].map((f) => [f, gzipSize(f)]),
  };
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Shopper queries whose plans BENCH_EXPLAIN=1 prints: words, a synonym, a phrase, a typo, nothing. */
export const EXPLAIN_QUERIES = [
  "anillo",
  "anillo de oro",
  "aretes",
  "filigrana oaxaqueña",
  "oro amarillo",
  "zafriro",
  "reloj",
];
