import { z } from "zod";
import type { DeliverySettings } from "~/lib/delivery";
import type { InstallmentPlan } from "~/lib/installments";
import type { ShopPolicies } from "~/lib/shop-policies";
import { DEFAULT_SHOP_INFO, type ShopInfo } from "~/lib/shop-info";
import { type Env, EnvSchema } from "./env-schema.server";

export type { Env } from "./env-schema.server";

const LogSettingsSchema = z.object({
  /** pino's levels; `silent` logs nothing. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `json`: one JSON object per line (containers, log collectors); `pretty`: one readable line (a terminal). */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
});

export type LogSettings = z.infer<typeof LogSettingsSchema>;

/**
 * The logger's settings alone: logging must work before (and without) the rest of the configuration,
 * e.g. to report that the configuration is invalid, and in unit tests that have no database.
 */
export function getLogSettings(): LogSettings {
  const parsed = LogSettingsSchema.safeParse({
    LOG_LEVEL: process.env.LOG_LEVEL || undefined,
    LOG_FORMAT: process.env.LOG_FORMAT || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return parsed.data;
}

/** Settings whose empty value means "none" rather than "not set, use the default". */
const EMPTY_IS_A_VALUE = new Set(["MSI_PLANS"]);

let cached: Env | undefined;

/** Reads and validates the environment; throws with every problem listed. */
export function getEnv(): Env {
  if (cached) return cached;
  // An empty variable means "not set" (docker run -e FOO= , a blank line in an env file), except
  // where empty is a value of its own (MSI_PLANS=: no instalments).
  const raw = Object.fromEntries(
    Object.entries(process.env).filter(([name, v]) => v !== "" || EMPTY_IS_A_VALUE.has(name)),
  );
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  if (env.DELIVERY_TRANSIT_MAX_DAYS < env.DELIVERY_TRANSIT_MIN_DAYS) {
    throw new Error("Invalid environment:\n  - DELIVERY_TRANSIT_MAX_DAYS must not be below DELIVERY_TRANSIT_MIN_DAYS");
  }
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is required in production: refusing to start without it.");
  }
  if (env.NODE_ENV === "production" && !env.APP_ORIGIN) {
    throw new Error(
      "APP_ORIGIN is required in production (e.g. APP_ORIGIN=https://joyeriaaurora.mx): links in e-mails, " +
        "canonical URLs and payment return URLs are built from it. Refusing to start without it.",
    );
  }
  cached = env;
  return env;
}

/** Forgets the cached environment (tests that change process.env). */
export function resetEnvCache(): void {
  cached = undefined;
}

/** The business behind the shop: the SHOP_* variables over the development defaults. */
export function getShopInfo(): ShopInfo {
  const env = getEnv();
  const email = env.SHOP_EMAIL ?? DEFAULT_SHOP_INFO.email;
  return {
    name: DEFAULT_SHOP_INFO.name,
    legalName: env.SHOP_LEGAL_NAME ?? DEFAULT_SHOP_INFO.legalName,
    rfc: env.SHOP_RFC ?? DEFAULT_SHOP_INFO.rfc,
    address: env.SHOP_ADDRESS ?? DEFAULT_SHOP_INFO.address,
    phone: env.SHOP_PHONE ?? DEFAULT_SHOP_INFO.phone,
    email,
    privacyEmail: env.SHOP_PRIVACY_EMAIL ?? (env.SHOP_EMAIL ? email : DEFAULT_SHOP_INFO.privacyEmail),
    whatsapp: env.SHOP_WHATSAPP ?? DEFAULT_SHOP_INFO.whatsapp,
  };
}

/** The delivery estimate's settings (the shop's handling, the courier's transit, the cut-off hour). */
export function getDeliverySettings(): DeliverySettings {
  const env = getEnv();
  return {
    handlingDays: env.DELIVERY_HANDLING_DAYS,
    transitMinDays: env.DELIVERY_TRANSIT_MIN_DAYS,
    transitMaxDays: env.DELIVERY_TRANSIT_MAX_DAYS,
    cutoffHour: env.DELIVERY_CUTOFF_HOUR,
    extraClosedDays: env.DELIVERY_CLOSED_DAYS,
  };
}

/** What the shop promises (warranty, returns, certificate) and charges for gift packaging. */
export function getShopPolicies(): ShopPolicies {
  const env = getEnv();
  return {
    warrantyDays: env.WARRANTY_DAYS,
    returnDays: env.RETURN_DAYS,
    freeReturns: env.FREE_RETURNS,
    authenticityCertificate: env.AUTHENTICITY_CERTIFICATE,
    giftWrapPrice: env.GIFT_WRAP_PRICE,
    delivery: getDeliverySettings(),
  };
}

/** The meses sin intereses plans offered on card payments (none: instalments are off). */
export function getInstallmentPlans(): InstallmentPlan[] {
  const env = getEnv();
  // Instalments are a card's: with card payments off, no plan is offered nor shown.
  return env.PAYMENT_METHODS.includes("card") ? env.MSI_PLANS : [];
}

/** Values that may reach the browser (window.ENV). Nothing secret belongs here. */
export function getPublicEnv() {
  const env = getEnv();
  return {
    META_PIXEL_ID: env.META_PIXEL_ID ?? null,
    SHOP: getShopInfo(),
    PRICES_INCLUDE_IVA: env.PRICES_INCLUDE_IVA,
    MSI_PLANS: getInstallmentPlans(),
  };
}

export type PublicEnv = ReturnType<typeof getPublicEnv>;
