#!/usr/bin/env node
// `npm test`: every test of the project, in two phases that keep both cores busy.
//
// 1. The checks: `prisma generate` alone first (the typecheck and the build read the client it writes),
//    then the typecheck, the lint, the unit tests and the production build, two at a time. Each prints
//    its output whole when it ends, so two never interleave. A failure starts nothing new and skips phase 2.
// 2. The integration tests (both databases, scripts/test-integration.mjs) and the end-to-end tests
//    (Playwright, against the build) at the same time: both spend much of their time waiting (on
//    PGlite's one connection, on child servers starting, on the browser), so together they take little
//    more than the end-to-end tests alone. The integration output arrives whole, pass by pass, between
//    Playwright's lines. Figures: docs/testing-time.md.
//
// TEST_SEQUENTIAL=1 runs every step one after the other with its output streamed (for a hang, or a
// machine too loaded for two at a time). Exit code: 0 only when every step passed.
import { run } from "./lib/database.mjs";

const sequential = ["1", "true"].includes(process.env.TEST_SEQUENTIAL ?? "");
const npx = (bin, ...args) => [process.execPath, [`node_modules/${bin}`, ...args]];

/** @typedef {{ name: string, command: [string, string[]], stream?: boolean }} Step */

/** @type {Step} */
const generate = { name: "prisma generate", command: [process.execPath, ["scripts/prisma.mjs", "generate"]] };
/** @type {Step[]} */
const checks = [
  { name: "build", command: ["npm", ["run", "--silent", "build"]] },
  { name: "typecheck", command: npx("typescript/bin/tsc") },
  { name: "unit tests", command: npx("vitest/vitest.mjs", "run", "--project", "unit") },
  { name: "lint", command: ["npm", ["run", "--silent", "lint"]] },
];
/** @type {Step[]} */
const suites = [
  { name: "integration tests", command: [process.execPath, ["scripts/test-integration.mjs"]] },
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

const started = Date.now();
const passed =
  (await step(generate)) &&
  (await pool(checks, sequential ? 1 : 2)) &&
  (await (sequential ? pool(suites, 1) : Promise.all(suites.map(step)).then((oks) => oks.every(Boolean))));

const total = Math.round((Date.now() - started) / 1000);
console.log(`\n${passed ? "✔" : "✘"} npm test: ${total} s`);
for (const { name, seconds, ok } of results) console.log(`  ${ok ? "✔" : "✘"} ${name.padEnd(20)} ${seconds} s`);
process.exit(passed ? 0 : 1);
