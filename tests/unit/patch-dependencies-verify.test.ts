import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PATCHES, RETIRED, apply, sha256, undo } from "../../scripts/patch-dependencies.mjs";

/**
 * scripts/patch-dependencies.mjs refuses, with exit code 1 and the patch's name, every install it
 * cannot vouch for — so `npm install` (postinstall) and the image build (Dockerfile) fail. Each case
 * runs the script on a temporary copy of the patched files (the real node_modules is never touched).
 */
const root = path.resolve(import.meta.dirname, "../..");
const SCRIPT = path.join(root, "scripts/patch-dependencies.mjs");

type Patch = (typeof PATCHES)[number];

/** The file as published, whichever state this install is in. */
function published(patch: Patch): string {
  const source = fs.readFileSync(path.join(root, patch.file), "utf8");
  return sha256(source) === patch.patched ? undo(source, patch.replacements) : source;
}

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A node_modules holding only the patched packages' package.json and patched file, as `state` says. */
function install(state: "published" | "patched"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patch-deps-"));
  temporary.push(dir);
  for (const patch of PATCHES) {
    fs.mkdirSync(path.dirname(path.join(dir, patch.file)), { recursive: true });
    const source = published(patch);
    fs.writeFileSync(path.join(dir, patch.file), state === "published" ? source : apply(source, patch.replacements));
    fs.writeFileSync(
      path.join(dir, "node_modules", patch.name, "package.json"),
      JSON.stringify({ name: patch.name, version: patch.version }),
    );
  }
  return dir;
}

function run(dir: string, ...args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, "--root", dir, ...args], { encoding: "utf8" });
}

const router = PATCHES.find((p) => p.name === "@remix-run/router")!;
const routerDom = PATCHES.find((p) => p.name === "react-router-dom")!;

describe("verified dependency patches", () => {
  it("patch a published install to exactly the expected files, then find nothing to do", () => {
    const dir = install("published");
    const first = run(dir);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    for (const patch of PATCHES) {
      expect(first.stdout).toContain(`${patch.name} ${patch.version} patched`);
      expect(sha256(fs.readFileSync(path.join(dir, patch.file), "utf8"))).toBe(patch.patched);
    }
    const again = run(dir, "--check");
    expect([again.status, again.stdout, again.stderr]).toEqual([0, "", ""]);
  });

  it("fail, naming the patch, on a patched file changed afterwards", () => {
    const dir = install("patched");
    fs.appendFileSync(path.join(dir, router.file), "\n// changed by hand\n");
    for (const args of [[], ["--check"]]) {
      const result = run(dir, ...args);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("FAILED patch @remix-run/router@1.23.3");
      expect(result.stderr).toContain("neither @remix-run/router 1.23.3 as published nor as patched");
    }
  });

  it("fail on a patch applied in part (a file published but for one of its changes)", () => {
    const dir = install("published");
    const source = published(routerDom);
    fs.writeFileSync(path.join(dir, routerDom.file), apply(source, routerDom.replacements.slice(0, 1)));
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("FAILED patch react-router-dom@6.30.4");
  });

  it("fail on another version of a patched package (a Remix or React Router patch release)", () => {
    const dir = install("published");
    fs.writeFileSync(
      path.join(dir, "node_modules/@remix-run/router/package.json"),
      JSON.stringify({ name: "@remix-run/router", version: "1.23.4" }),
    );
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "FAILED patch @remix-run/router@1.23.3: @remix-run/router is at 1.23.4, the patch is for 1.23.3",
    );
    expect(result.stderr).toContain("docs/upgrading.md");
    // The other patches are still applied: one run says everything that is wrong.
    expect(sha256(fs.readFileSync(path.join(dir, routerDom.file), "utf8"))).toBe(routerDom.patched);
    // The upgrade drill's next step (docs/upgrading.md): does the patch still apply, with which hashes.
    const proposal = run(dir, "--hashes");
    expect(proposal.stdout).toContain(
      `@remix-run/router 1.23.4: applies as it is; if the upstream changes leave it correct, set version: "1.23.4", pristine: "${router.pristine}"`,
    );
  });

  it("fail when a patched package is missing, or a second copy would be loaded unpatched", () => {
    const missing = install("patched");
    fs.rmSync(path.join(missing, "node_modules/react-router-dom"), { recursive: true });
    expect(run(missing).stderr).toContain("FAILED patch react-router-dom@6.30.4: react-router-dom is not installed");

    const nested = install("patched");
    fs.writeFileSync(
      path.join(nested, "node_modules/.package-lock.json"),
      JSON.stringify({
        packages: { "node_modules/@remix-run/router": {}, "node_modules/x/node_modules/@remix-run/router": {} },
      }),
    );
    const result = run(nested, "--check");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "FAILED patch @remix-run/router@1.23.3: @remix-run/router is also installed at node_modules/x/node_modules/@remix-run/router",
    );
  });

  it("put a retired patch's file back as published", () => {
    const dir = install("patched");
    for (const patch of RETIRED) {
      const file = path.join(root, patch.file);
      const source = fs.readFileSync(file, "utf8");
      const pristine = sha256(source) === patch.patched ? undo(source, patch.replacements) : source;
      expect(sha256(pristine)).toBe(patch.pristine);
      fs.mkdirSync(path.dirname(path.join(dir, patch.file)), { recursive: true });
      fs.writeFileSync(path.join(dir, patch.file), apply(pristine, patch.replacements));
    }
    const result = run(dir);
    expect(result.status).toBe(0);
    for (const patch of RETIRED) {
      expect(result.stdout).toContain(`${patch.name} ${patch.version} put back as published`);
      expect(sha256(fs.readFileSync(path.join(dir, patch.file), "utf8"))).toBe(patch.pristine);
    }
  });
});
