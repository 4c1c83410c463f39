import { afterEach, beforeEach, vi } from "vitest";

/**
 * A console.error during a test is a failure (an unexpected error the code swallowed).
 * Tests that expect one spy on console.error themselves with `expectConsoleError()`.
 */
let unexpected: unknown[][] = [];
let expected = 0;

beforeEach(() => {
  unexpected = [];
  expected = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (expected > 0) {
      expected -= 1;
      return;
    }
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${unexpected.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});

/** Declares that the code under test will log `count` errors on purpose. */
export function expectConsoleError(count = 1) {
  expected += count;
}
