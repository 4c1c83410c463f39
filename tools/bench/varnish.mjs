#!/usr/bin/env node
// `npm run bench:varnish`: anonymous real visitors through Varnish (deploy/varnish/default.vcl) in front
// of the shop, side by side with the same bytes served as a static file by nginx, on this machine
// (issue 35's target: ≥ 0.5 of nginx's static file; docs/decisions/049). The shop runs its production
// build on an embedded PGlite with the seed; each row is autocannon at 10 and 50 connections for
// BENCH_DURATION seconds (8), with a marketing cookie (_fbp, _ga) or a unique ad-click id per request.
// Requires `npm run build`, varnishd with varnish-modules, and nginx. Prints a table; not a test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { requireBuild, startServer } from "./common.mjs";
import { freePort, migrateDeploy, root, startPglite } from "../../scripts/lib/database.mjs";
import { startNginx } from "../../scripts/lib/instances.mjs";
import { seedDatabase } from "../../scripts/lib/seed.mjs";
import { startVarnish } from "../../scripts/lib/varnish.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = [10, 50];
const COOKIE = "_fbp=fb.1.1700000000000.1234567890; _ga=GA1.1.123.456";

requireBuild();

function load({ url, connections, headers = {}, unique = false }) {
  return new Promise((resolve, reject) => {
    const options = { url, connections, duration: DURATION, headers };
    // A new fbclid for every request, as every ad click brings.
    if (unique)
      options.requests = [
        { setupRequest: (req) => ({ ...req, path: `${req.path}?fbclid=${Math.random().toString(36).slice(2)}` }) },
      ];
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const cleanups = [];
try {
  const db = await startPglite({ dataDir: "memory://" });
  cleanups.push(() => db.stop?.());
  await migrateDeploy(db.url, { quiet: true });
  await seedDatabase(db.url);
  const port = await freePort();
  const varnishPort = await freePort();
  const shop = await startServer(path.join(root, "server/index.mjs"), {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: "1",
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    APP_ORIGIN: `http://127.0.0.1:${varnishPort}`,
    CACHE_PURGE_URL: `http://127.0.0.1:${varnishPort}`,
  });
  cleanups.push(() => shop.stop());
  const varnish = await startVarnish({ port: varnishPort, backend: `127.0.0.1:${port}`, storage: "malloc,256m" });
  cleanups.push(() => varnish.stop());

  // The same bytes, as a static file served by nginx: compressed once beforehand (gzip_static), as
  // Varnish keeps the shop's gzip and sends it as it is.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-static-"));
  fs.chmodSync(dir, 0o755);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const pages = { "/": "index.html", "/producto/2": "producto-2.html" };
  for (const [page, file] of Object.entries(pages)) {
    const html = await (await fetch(`${varnish.url}${page}`)).text();
    fs.writeFileSync(path.join(dir, file), html);
    fs.writeFileSync(path.join(dir, `${file}.gz`), gzipSync(html, { level: 9 }));
  }
  const nginxPort = await freePort();
  const nginx = await startNginx({
    listen: nginxPort,
    site: `server {\n  listen 127.0.0.1:${nginxPort};\n  root ${dir};\n  gzip_static on;\n}`,
  });
  cleanups.push(() => nginx.stop());

  const rows = [];
  const accept = { "Accept-Encoding": "gzip" };
  for (const [page, file] of Object.entries(pages)) {
    for (const connections of CONNECTIONS) {
      const staticFile = await load({ url: `${nginx.url}/${file}`, connections, headers: accept });
      const row = (label, result) => {
        const ratio = result.requests.average / staticFile.requests.average;
        const bytes = result.throughput.average / Math.max(1, result.requests.average);
        rows.push(
          `${page.padEnd(13)}${String(connections).padStart(5)}  ${label.padEnd(28)}${result.requests.average.toFixed(0).padStart(8)}${String(result.latency.p99).padStart(8)}${ratio.toFixed(2).padStart(8)}${String(result.errors + result.non2xx).padStart(8)}${(bytes / 1024).toFixed(1).padStart(9)}`,
        );
      };
      row("nginx, static file", staticFile);
      row(
        "Varnish, _fbp cookie",
        await load({ url: `${varnish.url}${page}`, connections, headers: { ...accept, Cookie: COOKIE } }),
      );
      row(
        "Varnish, unique fbclid",
        await load({ url: `${varnish.url}${page}`, connections, headers: accept, unique: true }),
      );
      row(
        "shop alone, no cookie",
        await load({ url: `http://127.0.0.1:${port}${page}`, connections, headers: accept }),
      );
    }
  }
  const [load1] = os.loadavg();
  console.log(
    `\nVarnish in front of the shop against nginx's static file, ${DURATION} s a row, load average ${load1.toFixed(2)} at the end`,
  );
  console.log("page         conns  request                      req/s  p99 ms  ×nginx  errors  KB/resp");
  for (const line of rows) console.log(line);
} finally {
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch((e) => console.error("cleanup:", e.message));
}
