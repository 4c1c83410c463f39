#!/usr/bin/env node
// `npm test`: every test of the project.
//
// 1. `prisma generate` alone first (the typecheck and the build read the client it writes), then the
//    production build and the unit tests side by side (each one busy process).
// 2. The integration tests (both databases, scripts/test-integration.mjs) with the typecheck and the lint
//    beside them, one after the other: the integration passes spend much of their time waiting on the
//    databases and the child servers, and the two checks fill it (docs/testing-time.md). Held steps print
//    their output whole when they end, so two never interleave.
// 3. The end-to-end tests (Playwright, against the build), alone: they keep both cores busy, and run with
//    the integration tests they took longer than apart. TEST_SUITES_TOGETHER=1 runs them at the same time.
// A failure starts nothing new and skips the rest.
//
// TEST_SEQUENTIAL=1 runs every step one after the other with its output streamed (for a hang, or a
// machine too loaded for two at a time). Exit code: 0 only when every step passed.
import { run } from "./lib/database.mjs";

const flag = (name) => ["1", "true"].includes(process.env[name] ?? "");
const sequential = flag("TEST_SEQUENTIAL");
const together = flag("TEST_SUITES_TOGETHER") && !sequential;
const npx = (bin, ...args) => [process.execPath, [`node_modules/${bin}`, ...args]];

/** @typedef {{ name: string, command: [string, string[]], stream?: boolean }} Step */

/** @type {Step} */
const generate = { name: "prisma generate", command: [process.execPath, ["scripts/prisma.mjs", "generate"]] };
/** @type {Step[]} */
const first = [
  { name: "build", command: ["npm", ["run", "--silent", "build"]] },
  // One module graph for every unit file (pure modules; the three that change process.env restore it):
  // 49 s → 12 s (docs/testing-time.md). Vitest 3 takes `isolate` from the command line, not a project.
  { name: "unit tests", command: npx("vitest/vitest.mjs", "run", "--project", "unit", "--isolate=false") },
];
/** Beside the integration tests (they need nothing built; nothing needs them but the verdict). */
/** @type {Step[]} */
const checks = [
  { name: "typecheck", command: npx("typescript/bin/tsc") },
  { name: "lint", command: ["npm", ["run", "--silent", "lint"]] },
];
/** Streamed, unless both run at once: then the integration output is held and printed whole. */
/** @type {Step[]} */
const suites = [
  { name: "integration tests", command: [process.execPath, ["scripts/test-integration.mjs"]], stream: !together },
  { name: "end-to-end tests", command: npx("@playwright/test/cli.js", "test"), stream: true },
];

/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const results = [];

/** Runs one step; its output is held and printed whole at the end unless it streams (or all do). */
async function step({ name, command, stream }) {
  const started = Date.now();
  const held = !(stream || sequential);
  console.log(`\n▸ ${name}${held ? ": started (its output follows when it ends)" : ""}`);
  const output = held ? [] : undefined;
  const code = await run(command[0], command[1], {}, { output });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (output) process.stdout.write(`\n▸ ${name} (${seconds} s)\n${Buffer.concat(output).toString()}`);
  console.log(`${code === 0 ? "✔" : "✘"} ${name}: ${seconds} s`);
  results.push({ name, seconds, ok: code === 0 });
  return code === 0;
}

/** Runs `steps` at most `width` at a time, in order; after a failure, starts nothing new. */
async function pool(steps, width) {
  const queue = [...steps];
  let ok = true;
  const lane = async () => {
    while (ok && queue.length) {
      const next = queue.shift();
      if (next && !(await step(next))) ok = false;
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return ok;
}

const [integration, e2e] = suites;
/** The integration tests with the checks beside them (one after the other): both must pass. */
const integrationAndChecks = () => Promise.all([step(integration), pool(checks, 1)]).then((oks) => oks.every(Boolean));

const started = Date.now();
const passed = sequential
  ? await pool([generate, ...first, ...checks, ...suites], 1)
  : (await step(generate)) &&
    (await pool(first, 2)) &&
    (together
      ? await Promise.all([integrationAndChecks(), step(e2e)]).then((oks) => oks.every(Boolean))
      : (await integrationAndChecks()) && (await step(e2e)));

const total = Math.round((Date.now() - started) / 1000);
console.log(`\n${passed ? "✔" : "✘"} npm test: ${total} s`);
for (const { name, seconds, ok } of results) console.log(`  ${ok ? "✔" : "✘"} ${name.padEnd(20)} ${seconds} s`);
process.exit(passed ? 0 : 1);
