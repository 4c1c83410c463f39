import { afterEach, beforeEach, vi } from "vitest";
import { logger } from "~/utils/logger.server";

/**
 * An error logged during a test is a failure (an unexpected error the code swallowed): through the
 * shop's logger (`logger.error`, `logger.fatal`) or `console.error`.
 * Tests that expect one declare it with `expectConsoleError()`.
 */
let unexpected: string[] = [];
let expected = 0;

function record(text: string) {
  if (expected > 0) {
    expected -= 1;
    return;
  }
  unexpected.push(text);
}

beforeEach(() => {
  unexpected = [];
  expected = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => record(args.map(String).join(" ")));
  for (const level of ["error", "fatal"] as const) {
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
      record(`[${level}] ${args.map((a) => (typeof a === "string" ? a : JSON.stringify(a, errorFields))).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  vi.mocked(logger.error).mockRestore();
  vi.mocked(logger.fatal).mockRestore();
  if (unexpected.length > 0) {
    throw new Error(`An error was logged during the test:\n${unexpected.join("\n")}`);
  }
});

/** Errors serialise with their message (JSON.stringify would print `{}`). */
function errorFields(_key: string, value: unknown) {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}

/** Declares that the code under test will log `count` errors on purpose. */
export function expectConsoleError(count = 1) {
  expected += count;
}
