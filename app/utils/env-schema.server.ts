import { z } from "zod";
import { DEFAULT_INSTALLMENT_PLANS, type InstallmentPlan, parseInstallmentPlans } from "~/lib/installments";
import { pesosToCentavos } from "~/lib/money";
import { parsePaymentMethods } from "~/lib/payment-methods";
import { WhatsAppNumberSchema } from "~/lib/whatsapp";
import { trustProxySetting } from "./trusted-proxies.server";

const flag = (fallback: "0" | "1") =>
  z
    .enum(["1", "0", "true", "false"])
    .default(fallback)
    .transform((v) => v === "1" || v === "true");

const days = (fallback: number) => z.coerce.number().int().min(0).max(60).default(fallback);

/**
 * Configuration comes from environment variables only (the README lists them all), read here and
 * nowhere else. Validated once so a misconfigured server refuses to start instead of failing later.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string({ required_error: "DATABASE_URL is required (the start script sets it for the embedded database)" })
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgresql:// URL"),
  /** Pool size for a PostgreSQL server; the embedded PGlite always uses 1. */
  DATABASE_POOL_MAX: z.coerce.number().int().positive().optional(),
  DATABASE_EMBEDDED: z.enum(["0", "1"]).default("0"),
  /** Comma-separated: the first signs new cookies, all verify (rotation). */
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  /** Public origin of the shop, e.g. https://joyeriaaurora.mx: every absolute URL the shop emits uses it. */
  APP_ORIGIN: z
    .string()
    .url("APP_ORIGIN must be an absolute URL such as https://joyeriaaurora.mx")
    .refine((v) => /^https?:\/\//.test(v), "APP_ORIGIN must start with http:// or https://")
    .transform((v) => new URL(v).origin)
    .optional(),
  /** Extra host names (comma-separated) whose requests may name the origin when APP_ORIGIN is unset. */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Joyería Aurora <no-responder@joyeriaaurora.mx>"),
  META_PIXEL_ID: z.string().regex(/^\d+$/, "META_PIXEL_ID must be numeric").optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Base URL of a Stripe-compatible API (the local simulator); unset means api.stripe.com. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Multiplies every abuse limit (the end-to-end tests raise it: all their browsers share one address). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /**
   * Where product photos were written before the database kept them: read once at start, to copy
   * any photo not yet in the database (nothing is written there any more).
   */
  UPLOADS_DIR: z.string().default("data/uploads"),
  /**
   * How long catalogue reads (grid pages, product pages, search results) are served from memory, in
   * milliseconds; 0 turns the cache off. Also the longest another instance shows a staff change.
   */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /**
   * Prices shown with IVA (stored before IVA; the same charge either way). On by default (LFPC art. 7
   * Bis, docs/decisions/033); `0` for a shop that sells only to businesses ("más IVA").
   */
  PRICES_INCLUDE_IVA: flag("1"),
  /**
   * The delivery estimate (product page, cart) and the shipping policy page: business days the shop
   * takes to hand an order over, the courier's fewest and most business days, the hour (Mexico City)
   * after which an order counts from the next business day, and the shop's own closed days beyond the
   * public holidays (YYYY-MM-DD, comma-separated).
   */
  DELIVERY_HANDLING_DAYS: days(2),
  DELIVERY_TRANSIT_MIN_DAYS: days(3),
  DELIVERY_TRANSIT_MAX_DAYS: days(7),
  DELIVERY_CUTOFF_HOUR: z.coerce.number().int().min(0).max(24).default(14),
  DELIVERY_CLOSED_DAYS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "DELIVERY_CLOSED_DAYS must list dates as YYYY-MM-DD"))),
  /** Price of gift packaging in pesos before IVA, like every catalogue price ("0": free). */
  GIFT_WRAP_PRICE: z.coerce
    .number()
    .min(0)
    .max(10_000)
    .default(0)
    .transform((pesos) => pesosToCentavos(pesos)),
  /**
   * Meses sin intereses offered on card payments: `months:minimum` pairs, the minimum in pesos
   * (`3:300,6:600,9:900,12:1200`, the default). Set and empty (`MSI_PLANS=`): no instalments.
   */
  MSI_PLANS: z
    .string()
    .optional()
    .transform((text, ctx): InstallmentPlan[] => {
      if (text === undefined) return DEFAULT_INSTALLMENT_PLANS.map((plan) => ({ ...plan }));
      const parsed = parseInstallmentPlans(text);
      if (parsed.ok) return parsed.plans;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${parsed.message}; write months:minimum pairs in pesos, e.g. MSI_PLANS=3:300,6:600,9:900,12:1200`,
      });
      return z.NEVER;
    }),
  /** The promises shown next to the buy button and kept in the legal pages. */
  /** Natural days of warranty; the consumer law's minimum for goods is sixty. */
  WARRANTY_DAYS: z.coerce
    .number()
    .int()
    .min(60, "WARRANTY_DAYS is at least 60 (Ley Federal de Protección al Consumidor)")
    .max(3650)
    .default(90),
  /** Business days to return a piece; the consumer law's right of withdrawal is at least five. */
  RETURN_DAYS: z.coerce
    .number()
    .int()
    .min(5, "RETURN_DAYS is at least 5 (Ley Federal de Protección al Consumidor)")
    .max(365)
    .default(5),
  /** 1: the shop pays the return shipping. */
  FREE_RETURNS: flag("0"),
  /** 1: every piece ships with a certificate of authenticity. */
  AUTHENTICITY_CERTIFICATE: flag("1"),
  TRUST_PROXY: trustProxySetting, // the proxies' addresses or subnets (trusted-proxies.server.ts); unset: none
  /**
   * Port of the internal listener that serves Prometheus metrics at /metrics (unset: no listener).
   * Never the shop's own port: publish it to the monitoring network only.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics listener binds to; loopback unless the monitoring system runs elsewhere. */
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /**
   * The whole shutdown budget after SIGTERM, in milliseconds: requests still running after it are cut.
   * Below `docker stop`'s 10 s, so the database pool is closed before the process is killed.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(8_000),
  /**
   * How long, at most, the server keeps its port open after SIGTERM so a proxy in front learns it is
   * leaving (new requests are answered 503, unread, for the proxy to retry elsewhere; decision 029).
   * It closes earlier once no request arrived for SHUTDOWN_QUIET_MS; 0 closes at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /**
   * The quiet that ends the drain early: no request (nor connection) for this long means the proxy has
   * stopped sending here. A quarter of a second suits a proxy's retries; the tests lengthen it so a
   * starved test client is not mistaken for a proxy that stopped sending.
   */
  SHUTDOWN_QUIET_MS: z.coerce.number().int().min(10).max(30_000).default(250),
  /**
   * The ways to pay the Checkout Session offers (comma-separated, in this order): `card`, `oxxo` (cash at
   * an OXXO store with a voucher, orders of $10 to $10,000 MXN) and `spei` (a bank transfer).
   */
  PAYMENT_METHODS: z
    .string()
    .default("card")
    .transform((value, context) => {
      const methods = parsePaymentMethods(value);
      if (typeof methods === "string") {
        context.addIssue({ code: z.ZodIssueCode.custom, message: methods });
        return z.NEVER;
      }
      return methods;
    }),
  /** Calendar days an OXXO voucher can be paid (it expires at 23:59 Mexico City time); Stripe allows 1–7. */
  OXXO_VOUCHER_DAYS: z.coerce.number().int().min(1).max(7).default(2),
  /** Hours a SPEI order holds its pieces while the transfer is on its way (1–72). */
  SPEI_HOLD_HOURS: z.coerce.number().int().min(1).max(72).default(24),
  /** The business behind the shop, as the legal pages, the footer and e-mails publish it. */
  SHOP_LEGAL_NAME: z.string().trim().min(1).optional(),
  SHOP_RFC: z.string().trim().min(1).optional(),
  SHOP_ADDRESS: z.string().trim().min(1).optional(),
  SHOP_PHONE: z.string().trim().min(1).optional(),
  SHOP_EMAIL: z.string().trim().email("SHOP_EMAIL must be an e-mail address").optional(),
  SHOP_PRIVACY_EMAIL: z.string().trim().email("SHOP_PRIVACY_EMAIL must be an e-mail address").optional(),
  /**
   * The shared HTTP caches in front to purge on every catalogue change (docs/decisions/049): Varnish's
   * address(es), comma-separated (`http://127.0.0.1:6081`), sent `PURGE` with an `xkey-purge` header.
   * Unset: no purges, and shared caches may keep a page only as long as CATALOG_CACHE_TTL_MS.
   */
  CACHE_PURGE_URL: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((url) => /^https?:\/\/[^\s/]+/.test(url) && !/\s/.test(url)),
      "CACHE_PURGE_URL must be http(s):// addresses separated by commas, such as http://127.0.0.1:6081",
    ),
  SHOP_WHATSAPP: WhatsAppNumberSchema.optional(),
});

export type Env = z.infer<typeof EnvSchema>;
