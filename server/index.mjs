#!/usr/bin/env node
// Starts the shop's HTTP server on the production build (`npm start` runs it through
// scripts/start.mjs, which prepares the database first). In development (`npm run dev`) it
// re-imports the build after every rebuild and tells Remix's dev server it is ready.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import sourceMapSupport from "source-map-support";
import { createApp } from "./app.mjs";

sourceMapSupport.install();
installGlobals({ nativeFetch: true });

const mode = process.env.NODE_ENV ?? "production";
const buildPath = path.resolve("build/index.js");
const versionPath = path.resolve("build/version.txt");

const importBuild = () => import(`${url.pathToFileURL(buildPath).href}?t=${fs.statSync(buildPath).mtimeMs}`);

let build = await importBuild();
const { stopJobs, settings } = build.entry.module.startUp();

if (mode === "development") {
  fs.watchFile(versionPath, { interval: 250 }, async () => {
    build = await importBuild();
    void broadcastDevReady(build);
  });
}

const app = createApp({
  getBuild: async () => build,
  mode,
  trustProxy: settings.TRUST_PROXY,
});
const server = app.listen(settings.PORT, process.env.HOST ?? undefined, () => {
  // The port actually bound (PORT=0 asks the system for a free one, as the tests do).
  console.log(`[server] listening on http://localhost:${server.address().port}`);
  if (mode === "development") void broadcastDevReady(build);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    stopJobs();
    server.close(() => process.exit(0));
    // Keep-alive connections would hold the process open: give them a moment, then leave.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
