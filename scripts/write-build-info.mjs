#!/usr/bin/env node
// Last step of `npm run build`: writes build/build-info.json, what the running shop reports as its
// version (the `joyeria_build_info` metric, /readyz's JSON details; docs/decisions/028):
//   buildId  Remix's build id (build/version.txt, which changes with every different build)
//   commit   the git commit built: GIT_COMMIT when set (the image is built without .git: pass
//            `--build-arg GIT_COMMIT=$(git rev-parse HEAD)`), else `git rev-parse HEAD` with "-dirty"
//            when tracked files differ from it, else "unknown"
//   version  package.json's version
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** The commit being built, or "unknown" outside a git checkout. */
function gitCommit() {
  const given = process.env.GIT_COMMIT?.trim();
  if (given) return given;
  try {
    const git = (...args) =>
      execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const head = git("rev-parse", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") === "" ? head : `${head}-dirty`;
  } catch {
    return "unknown";
  }
}

const info = {
  buildId: fs.readFileSync("build/version.txt", "utf8").trim(),
  commit: gitCommit(),
  version: JSON.parse(fs.readFileSync("package.json", "utf8")).version,
  builtAt: new Date().toISOString(),
};
fs.writeFileSync("build/build-info.json", `${JSON.stringify(info, null, 2)}\n`);
console.log(`Build ${info.buildId} of commit ${info.commit} (build/build-info.json)`);
