import { readFileSync, rmSync } from "node:fs";
import type { FullResult, Reporter } from "@playwright/test/reporter";

/** How many of the server's last warnings and errors a failed run prints. */
const SHOWN = 60;
const WIDTH = 600;

/**
 * When the end-to-end run fails, prints the shop's last warnings and errors (its log is written to
 * `E2E_SERVER_LOG`, playwright.config.ts): a CI run keeps only what it printed, and a failure such as a
 * webhook answered 503 until the test gave up is otherwise invisible there. A failed run's log is kept.
 */
export default class ServerLogReporter implements Reporter {
  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    const path = process.env.E2E_SERVER_LOG;
    if (!path) return;
    // A green run's log is not kept (one file per run's port would pile up in the temp directory).
    if (result.status === "passed") return rmSync(path, { force: true });
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      return;
    }
    const noted = text.split("\n").filter((line) => /"level":"(warn|error|fatal)"/.test(line));
    console.log(`\nThe shop's last ${Math.min(SHOWN, noted.length)} of ${noted.length} warnings and errors (${path}):`);
    for (const line of noted.slice(-SHOWN)) console.log(line.length > WIDTH ? `${line.slice(0, WIDTH)}…` : line);
  }
}
