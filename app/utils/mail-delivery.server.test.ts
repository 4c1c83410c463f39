import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "./env.server";
import { MAIL_HELD_WARNING, mailDelivery } from "./mail-delivery.server";

/**
 * When a shop without SMTP_URL is "running for real" (docs/decisions/028): a public APP_ORIGIN, or
 * NODE_ENV=production asked for by the operator — not `npm start`'s own production mode on localhost
 * (LOCAL_TRIAL=1) nor `npm run dev`.
 */
const SAVED = { ...process.env };

function withEnv(env: Record<string, string | undefined>) {
  for (const name of ["NODE_ENV", "APP_ORIGIN", "SMTP_URL", "LOCAL_TRIAL", "SESSION_SECRET"]) delete process.env[name];
  process.env.DATABASE_URL ??= "postgresql://localhost/joyeria_unit";
  Object.assign(process.env, env);
  resetEnvCache();
  return mailDelivery();
}

describe("mailDelivery", () => {
  beforeEach(() => resetEnvCache());
  afterEach(() => {
    process.env = { ...SAVED };
    resetEnvCache();
  });

  const production = { NODE_ENV: "production", SESSION_SECRET: "unit-tests-secret-0123456789" };

  it("warns on a public origin or an explicit production, naming SMTP_URL", () => {
    expect(MAIL_HELD_WARNING).toMatch(/^SMTP_URL is not set/);
    expect(withEnv({ ...production, APP_ORIGIN: "https://joyeriaaurora.mx" })).toEqual({
      mode: "outbox",
      warning: MAIL_HELD_WARNING,
    });
    // The operator's walk: the production build on localhost, NODE_ENV=production set by hand.
    expect(withEnv({ ...production, APP_ORIGIN: "http://localhost:3000" }).warning).toBe(MAIL_HELD_WARNING);
    // A public origin is for real whatever NODE_ENV says.
    expect(withEnv({ NODE_ENV: "development", APP_ORIGIN: "https://joyeriaaurora.mx" }).warning).toBe(
      MAIL_HELD_WARNING,
    );
  });

  it("stays quiet on this computer's trials and whenever SMTP_URL is set", () => {
    expect(withEnv({ ...production, APP_ORIGIN: "http://localhost:3000", LOCAL_TRIAL: "1" })).toEqual({
      mode: "outbox",
      warning: null,
    });
    expect(withEnv({ NODE_ENV: "development" }).warning).toBeNull();
    expect(withEnv({ ...production, APP_ORIGIN: "https://joyeriaaurora.mx", SMTP_URL: "smtp://mail:587" })).toEqual({
      mode: "smtp",
      warning: null,
    });
  });
});
