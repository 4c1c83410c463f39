import { z } from "zod";

/**
 * Configuration comes from environment variables only (README lists them all).
 * Validated once at start-up so a misconfigured server refuses to start instead of failing later.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string({ required_error: "DATABASE_URL is required (the start script sets it for the embedded database)" })
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgresql:// URL"),
  /** Pool size for a PostgreSQL server; the embedded PGlite always uses 1. */
  DATABASE_POOL_MAX: z.coerce.number().int().positive().optional(),
  DATABASE_EMBEDDED: z.enum(["0", "1"]).default("0"),
  /** Comma-separated: the first signs new cookies, all verify (rotation). */
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  /** Public origin of the shop, e.g. https://joyeriaaurora.mx; defaults to the request's origin. */
  APP_ORIGIN: z.string().url().optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Joyería Aurora <no-responder@joyeriaaurora.mx>"),
  META_PIXEL_ID: z.string().regex(/^\d+$/, "META_PIXEL_ID must be numeric").optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Base URL of a Stripe-compatible API (the local simulator); unset means api.stripe.com. */
  STRIPE_API_BASE: z.string().url().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Reads and validates the environment; throws with every problem listed. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is required in production: refusing to start without it.");
  }
  cached = env;
  return env;
}

/** Values that may reach the browser (window.ENV). Nothing secret belongs here. */
export function getPublicEnv() {
  const env = getEnv();
  return { META_PIXEL_ID: env.META_PIXEL_ID ?? null };
}

export type PublicEnv = ReturnType<typeof getPublicEnv>;
