import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { shopEntryOf } from "../../server/shop-entry.mjs";

/**
 * The HTTP server reads what it needs from the app's build through one typed export, `shopEntry`
 * (app/shop-entry.ts): a build without it, or without one of its members, is refused with a message
 * that says what is missing and what to do — never started half-working.
 */
const root = path.resolve(import.meta.dirname, "../..");
const fn = () => null;
const complete = {
  startUp: fn,
  checkRequest: fn,
  renderedPages: fn,
  assemblePersonalPage: fn,
  wholeBodyOf: fn,
  prepareBuild: fn,
};
const buildWith = (module: Record<string, unknown>) => ({ entry: { module } });

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the shop's server entry", () => {
  it("is handed over whole when the build has every member", () => {
    const build = buildWith({ default: fn, shopEntry: complete });
    expect(shopEntryOf(build)).toBe(complete);
  });

  it("is refused, naming what is missing, when the build lacks it or one of its members", () => {
    expect(() => shopEntryOf(buildWith({ default: fn }))).toThrow(
      /The build lacks the shop's server entry \(shopEntry; .*app\/entry\.server\.tsx.*npm run build/,
    );
    const { wholeBodyOf: _dropped, ...partial } = complete;
    expect(() => shopEntryOf(buildWith({ shopEntry: { ...partial, prepareBuild: "no" } }))).toThrow(
      "The build lacks the shop's server entry (wholeBodyOf, prepareBuild;",
    );
  });

  it("refuses to start the server on a build without it, before listening", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-entry-"));
    temporary.push(dir);
    fs.mkdirSync(path.join(dir, "build"));
    // A Remix build of another app (or one built before shopEntry existed): the five separate exports.
    fs.writeFileSync(
      path.join(dir, "build/index.js"),
      "const f = () => null;\nexport const entry = { module: { default: f, startUp: f, checkRequest: f } };\nexport const routes = {};\n",
    );
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const result = spawnSync(process.execPath, [path.join(root, "server/index.mjs")], {
      cwd: dir,
      env: { ...process.env, PORT: "0", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The build lacks the shop's server entry (shopEntry;");
    expect(result.stdout).not.toContain("listening");
  });
});
