import type { Page } from "@playwright/test";

/**
 * A page whose renderer stopped painting. Twice in CI (2026-11-27 on PAGAR, 2026-11-28 on «Continuar al
 * pago») a click waited its test's 90 s at "waiting for element to be visible, enabled and stable" — the
 * check needs two animation frames from the page, and the page gave none. Neither reproduced here in
 * 90 runs of both specs beside two busy loops. A failed test names what its page still did (script,
 * frames) and, when it stopped painting, carries an attachment of this name: the only failure a retry may
 * excuse (tests/e2e/stall-retry-reporter.ts, docs/testing-time.md).
 */
export const RENDERER_STALL = "renderer-stall";

const PROBE_MS = 3000;

export type PageProbe = { script: string; frames: string; stalled: boolean };

/**
 * Whether the page still runs script, and whether a click's own checks (visible, stable — two animation
 * frames —, enabled) still pass on it: a trial click on the root element, which needs no script of the
 * page. (A `requestAnimationFrame` asked for from the page's script never answers where JavaScript is
 * off, which made every failure of the no-JavaScript project look like a stopped renderer.)
 */
export async function probePage(page: Page): Promise<PageProbe> {
  if (page.isClosed()) return { script: "page closed", frames: "page closed", stalled: false };
  const [script, frames] = await Promise.all([
    within(page.evaluate(() => document.readyState)),
    within(
      page
        .locator("html")
        .click({ trial: true, timeout: PROBE_MS + 1000, position: { x: 1, y: 1 } })
        .then(() => "running"),
    ),
  ]);
  return {
    script: script === TIMED_OUT ? `no answer within ${PROBE_MS / 1000} s` : `answers (${script})`,
    frames: frames === TIMED_OUT ? `none within ${PROBE_MS / 1000} s` : frames,
    stalled: frames === TIMED_OUT,
  };
}

const TIMED_OUT = Symbol("timed out");

async function within<T>(promise: Promise<T>): Promise<string | typeof TIMED_OUT> {
  const answer = promise.then(
    (value) => String(value),
    (error: unknown) => `failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
  );
  const late = new Promise<typeof TIMED_OUT>((resolve) => setTimeout(() => resolve(TIMED_OUT), PROBE_MS).unref());
  return Promise.race([answer, late]);
}
