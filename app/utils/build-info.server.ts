import fs from "node:fs";
import path from "node:path";
import client from "prom-client";
import { logger } from "./logger.server";

/**
 * The version this instance runs, as `npm run build` recorded it in build/build-info.json
 * (scripts/write-build-info.mjs): Remix's build id and the git commit. Reported by the
 * `joyeria_build_info` metric and /readyz's JSON details, so an operator sees which release each
 * instance serves during an upgrade. A build without the file (an older build, `npm run dev` before
 * its first full build) reports "unknown" rather than failing.
 */
export type BuildInfo = { buildId: string; commit: string; version: string };

const UNKNOWN: BuildInfo = { buildId: "unknown", commit: "unknown", version: "unknown" };

let cached: BuildInfo | undefined;

export function getBuildInfo(): BuildInfo {
  if (cached) return cached;
  try {
    const raw = JSON.parse(fs.readFileSync(path.resolve("build/build-info.json"), "utf8")) as Partial<BuildInfo>;
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : "unknown");
    cached = { buildId: text(raw.buildId), commit: text(raw.commit), version: text(raw.version) };
  } catch (error) {
    logger.warn({ err: error }, "build/build-info.json is unreadable: the version is reported as unknown");
    cached = UNKNOWN;
  }
  return cached;
}

/** `joyeria_build_info{build_id, commit, version} 1`: join it to other series to label them by release. */
export function registerBuildInfo(registry: client.Registry): void {
  const info = getBuildInfo();
  new client.Gauge({
    name: "joyeria_build_info",
    help: "The release this instance runs: always 1, labelled with the build id, the git commit and the version.",
    labelNames: ["build_id", "commit", "version"] as const,
    registers: [registry],
  }).set({ build_id: info.buildId, commit: info.commit, version: info.version }, 1);
}
