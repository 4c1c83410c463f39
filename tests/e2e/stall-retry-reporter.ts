import type { FullResult, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";
import { RENDERER_STALL } from "./renderer-stall";

/**
 * The end-to-end run retries a failed test once (playwright.config.ts), and this reporter decides what
 * a retry that passed is worth: only a first attempt that timed out on a page that had stopped painting
 * (tests/e2e/renderer-stall.ts) is excused, and said so. Any other failure fails the run even when its
 * retry passed: a test that fails once in a while is a defect to find, in the test or in the shop.
 */
export default class StallRetryReporter implements Reporter {
  private root: Suite | undefined;

  printsToStdio() {
    return false;
  }

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    const excused: string[] = [];
    const refused: string[] = [];
    for (const test of this.root?.allTests() ?? []) {
      if (test.outcome() !== "flaky") continue;
      const failures = test.results.filter((r) => r.status !== "passed" && r.status !== "skipped");
      (failures.every(isRendererStall) ? excused : refused).push(title(test));
    }
    if (excused.length > 0) {
      console.log(`\nRetried after the browser stopped painting (${RENDERER_STALL}; the retry passed):`);
      for (const name of excused) console.log(`  ${name}`);
    }
    if (refused.length === 0) return undefined;
    console.log("\nFailed, then passed when retried — not a stopped browser, so the run fails:");
    for (const name of refused) console.log(`  ${name}`);
    return result.status === "passed" ? { status: "failed" } : undefined;
  }
}

/** A first attempt that used up its time on a page giving no animation frames. */
function isRendererStall(result: TestResult): boolean {
  return result.status === "timedOut" && result.attachments.some((a) => a.name === RENDERER_STALL);
}

function title(test: TestCase): string {
  return test.titlePath().filter(Boolean).join(" › ");
}
