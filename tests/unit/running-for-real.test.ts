import { describe, expect, it } from "vitest";
import { checkPaymentConfiguration } from "~/utils/payment-config.server";
import { chooseDatabase, misspelledDatabaseUrl } from "../../scripts/lib/database-choice.mjs";
import { describeContents } from "../../scripts/lib/database-contents.mjs";
import { forRealBecause, isLocalOrigin, isRunningForReal } from "../../scripts/lib/for-real.mjs";
import { halfStripeConfiguration } from "../../scripts/lib/payment-keys.mjs";

/**
 * The operators' safety rules of the scripts (issue 32): when the shop runs for real, which database it
 * may open, what a seed refuses to overwrite, and Stripe's two settings that go together.
 */

describe("running for real (scripts/lib/for-real.mjs)", () => {
  it("is NODE_ENV=production or an APP_ORIGIN that is not this machine", () => {
    expect(forRealBecause({})).toBeNull();
    expect(forRealBecause({ NODE_ENV: "development", APP_ORIGIN: "http://localhost:3000" })).toBeNull();
    expect(forRealBecause({ APP_ORIGIN: "http://127.0.0.1:8080" })).toBeNull();
    expect(forRealBecause({ APP_ORIGIN: "http://[::1]:3000" })).toBeNull();
    expect(forRealBecause({ APP_ORIGIN: "" })).toBeNull();
    expect(forRealBecause({ NODE_ENV: "production", APP_ORIGIN: "http://localhost:3000" })).toBe("NODE_ENV=production");
    expect(forRealBecause({ APP_ORIGIN: "https://joyeriaaurora.mx" })).toBe(
      "APP_ORIGIN=https://joyeriaaurora.mx is not localhost",
    );
    // localhost.evil.example is not localhost; an unreadable origin is not known to be local.
    expect(isRunningForReal({ APP_ORIGIN: "http://localhost.evil.example" })).toBe(true);
    expect(isLocalOrigin("no es una URL")).toBe(false);
  });
});

describe("the database the scripts open (scripts/lib/database-choice.mjs)", () => {
  const forReal = { NODE_ENV: "production", APP_ORIGIN: "https://joyeriaaurora.mx" };

  it("uses DATABASE_URL when set, and the embedded database by default on a developer's machine", () => {
    expect(chooseDatabase({ DATABASE_URL: "postgresql://a@b/c", ...forReal })).toEqual({
      embedded: false,
      url: "postgresql://a@b/c",
    });
    expect(chooseDatabase({})).toEqual({ embedded: true });
    expect(chooseDatabase({ APP_ORIGIN: "http://localhost:3000", DATABASE_URL: "" })).toEqual({ embedded: true });
  });

  it("running for real, opens the embedded database only with EMBEDDED_DATABASE=1, else names the variable", () => {
    expect(chooseDatabase({ ...forReal, EMBEDDED_DATABASE: "1" })).toEqual({ embedded: true });
    expect(chooseDatabase({ APP_ORIGIN: "https://joyeriaaurora.mx", EMBEDDED_DATABASE: "true" })).toEqual({
      embedded: true,
    });
    expect(() => chooseDatabase(forReal)).toThrow(
      /^DATABASE_URL is not set \(NODE_ENV=production\): refusing to start on the embedded database\. .*EMBEDDED_DATABASE=1/,
    );
    expect(() => chooseDatabase({ APP_ORIGIN: "https://joyeriaaurora.mx" })).toThrow(
      "DATABASE_URL is not set (APP_ORIGIN=https://joyeriaaurora.mx is not localhost)",
    );
    expect(() => chooseDatabase({ ...forReal, DATABASE_URL: "" })).toThrow(/^DATABASE_URL is empty/);
  });

  it("names a misspelt DATABASE_URL, never its value", () => {
    const env = { ...forReal, DATABSE_URL: "postgresql://joyeria:s3creta@db:5432/joyeria" };
    expect(() => chooseDatabase(env)).toThrow("DATABSE_URL is set: did you mean DATABASE_URL?");
    expect(() => chooseDatabase(env)).not.toThrow(/s3creta/);
    expect(
      misspelledDatabaseUrl({
        DATABASE_URI: "x",
        database_url: "x",
        DATABASEURL: "x",
        POSTGRES_URL: "postgres://u@h/d",
        DATABASE_POOL_MAX: "5",
        TEST_POSTGRES_URL: "postgresql://u@h/d",
        DATABASE_EMBEDDED: "1",
        PATH: "/usr/bin",
        DATABSE_URL: "",
      }),
    ).toEqual(["DATABASEURL", "DATABASE_URI", "POSTGRES_URL", "database_url"]);
  });

  it("refuses contradictions and unknown values", () => {
    expect(() => chooseDatabase({ DATABASE_URL: "postgresql://a@b/c", EMBEDDED_DATABASE: "1" })).toThrow(
      "DATABASE_URL and EMBEDDED_DATABASE=1 are both set",
    );
    expect(() => chooseDatabase({ EMBEDDED_DATABASE: "0" })).toThrow(
      "DATABASE_URL is not set (EMBEDDED_DATABASE=0): refusing to start on the embedded database.",
    );
    expect(() => chooseDatabase({ EMBEDDED_DATABASE: "sí" })).toThrow('EMBEDDED_DATABASE must be 1 or 0, not "sí".');
  });
});

describe("what a seed refuses to overwrite (scripts/lib/database-contents.mjs)", () => {
  it("says what the database holds, or null when it is empty", () => {
    expect(describeContents({ products: 0, orders: 0, users: 0 })).toBeNull();
    expect(describeContents({ products: 1, orders: 0, users: 0 })).toBe("1 product");
    expect(describeContents({ products: 52, orders: 0, users: 1 })).toBe("52 products and 1 account");
    expect(describeContents({ products: 3, orders: 2, users: 4 })).toBe("3 products, 2 orders and 4 accounts");
  });
});

describe("Stripe's two settings go together", () => {
  const cases = [
    [{}, null],
    [{ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }, null],
    [{ STRIPE_SECRET_KEY: "sk_live_x" }, "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET"],
    [
      { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "" },
      "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET",
    ],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_x" }, "STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY"],
  ] as const;

  it("in npm start (scripts/lib/payment-keys.mjs)", () => {
    for (const [env, message] of cases) {
      if (message === null) expect(halfStripeConfiguration(env)).toBeNull();
      else expect(halfStripeConfiguration(env)).toMatch(new RegExp(`^${message}: .*Refusing to start\\.$`));
    }
  });

  it("in the server's own start-up (app/utils/payment-config.server.ts)", () => {
    for (const [env, message] of cases) {
      const settings = {
        STRIPE_SECRET_KEY: (env as Record<string, string>).STRIPE_SECRET_KEY || undefined,
        STRIPE_WEBHOOK_SECRET: (env as Record<string, string>).STRIPE_WEBHOOK_SECRET || undefined,
      };
      if (message === null) expect(() => checkPaymentConfiguration(settings)).not.toThrow();
      else expect(() => checkPaymentConfiguration(settings)).toThrow(message);
    }
  });
});
