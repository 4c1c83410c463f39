import { afterEach, describe, expect, it } from "vitest";
import { addToCart } from "~/models/cart.server";
import { startCheckout } from "~/models/payment.server";
import { loader as checkoutLoader } from "~/routes/checkout";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createUserSession } from "~/utils/session.server";
import { createProduct, createUser } from "../db-utils";
import { callLoader, getRequest } from "./auth-helpers";
import { send } from "./http-client";
import { startShopServer } from "./http-server";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";

/**
 * The PRICES_INCLUDE_IVA shop setting: on (the default, LFPC art. 7 Bis; docs/decisions/033) every price
 * a shopper sees includes IVA, the checkout shows the IVA part of it, and the card provider charges
 * exactly the prices shown; `0` (a shop that sells to businesses) shows prices before IVA and the
 * product page says "más IVA". The meses sin intereses are figured on the price with IVA either way.
 */
const payments = setUpPayments();

afterEach(() => {
  delete process.env.PRICES_INCLUDE_IVA;
  resetEnvCache();
});

describe("catalogue pages", () => {
  it(
    "show IVA-inclusive prices by default, and prices before IVA with más IVA when the setting is 0",
    {
      timeout: 120_000,
    },
    async () => {
      const ring = await createProduct({ name: "Anillo Cálido", price: 1_000_00, originalPrice: 1_250_00 });
      for (const setting of [undefined, "0", "1"]) {
        const included = setting !== "0";
        const shop = await startShopServer(setting === undefined ? {} : { PRICES_INCLUDE_IVA: setting });
        try {
          const page = await send(shop.url, { path: `/producto/${ring.id}` });
          expect(page.status).toBe(200);
          const priceBlock =
            /data-testid="product-price".*?<\/div>\s*<p[^>]*data-testid="iva-note"[^>]*>([^<]*)</s.exec(page.body);
          expect(priceBlock?.[0]).toContain(included ? "$1,160.00" : "$1,000.00");
          expect(priceBlock?.[0]).toContain(included ? "$1,450.00" : "$1,250.00"); // the struck-through price too
          expect(priceBlock?.[1]).toBe(included ? "IVA incluido" : "más IVA");
          // What the card will be charged for the piece ($1,160.00 with IVA), whatever the setting:
          // 9 months ($900 ≤ $1,160 < $1,200) of $128.89, never 9 × $111.12 on the price before IVA.
          expect(page.body).toContain("Hasta 9 meses sin intereses de $128.89");
          expect(page.body).not.toContain("$111.12");
          expect(page.body).toContain(`"price":"${included ? "1160.00" : "1000.00"}"`); // Product JSON-LD
          expect(page.body).toContain(`"valueAddedTaxIncluded":${included}`);

          const grid = await send(shop.url, { path: "/" });
          expect(grid.body).toContain(included ? "$1,160.00" : "$1,000.00");
          expect(grid.body).toContain("Hasta 9 meses sin intereses de $128.89");

          // The search's price bounds are the prices the shopper sees.
          const upTo1100 = await send(shop.url, { path: "/search?q=calido&max=1100" });
          expect(upTo1100.body.includes("Anillo Cálido")).toBe(!included);
          const upTo1160 = await send(shop.url, { path: "/search?q=calido&max=1160" });
          expect(upTo1160.body).toContain("Anillo Cálido");
          const from1100 = await send(shop.url, { path: "/search?q=calido&min=1100" });
          expect(from1100.body.includes("Anillo Cálido")).toBe(included);
        } finally {
          await shop.stop();
        }
      }
    },
  );
});

describe("checkout with prices shown with IVA (the default)", () => {
  it("sums the prices shown, shows the IVA part and charges exactly that", async () => {
    const user = await createUser();
    const ring = await createProduct({ name: "Anillo Cálido", price: 1_234_57, stock: 5 });
    await addToCart(user.id, { productId: ring.id, variantId: null, quantity: 3 });
    const cookie = (await createUserSession(new Request(`${SHOP_ORIGIN}/login`), user.id)).split(";")[0]!;

    const summary = await callLoader(checkoutLoader, getRequest("/checkout", cookie));
    const shownUnit = 1_234_57 + 197_53; // 16 % of 1 234.57 = 197.5312
    expect(summary.body).toMatchObject({
      state: "ready",
      lines: [{ quantity: 3, lineTotal: 3 * shownUnit }],
      totals: { subtotal: 3 * 1_234_57, tax: 3 * 197_53, shipping: 15_00, total: 3 * shownUnit + 15_00 },
    });

    const outcome = await startCheckout(new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" }), user, SHIPPING);
    if (!outcome.ok) throw new Error(outcome.message);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: outcome.orderId } });
    expect(order).toMatchObject({ subtotal: 3 * 1_234_57, tax: 3 * 197_53, total: 3 * shownUnit + 15_00 });
    const session = await payments.stripe.checkout.sessions.retrieve(order.stripeSessionId!, {
      expand: ["line_items"],
    });
    expect(session.amount_total).toBe(order.total);
    expect(session.line_items!.data.map((l) => [l.description, l.quantity, l.amount_total])).toEqual([
      ["Anillo Cálido", 3, 3 * shownUnit],
      ["Envío", 1, 15_00],
    ]);

    // Paid: the confirmation e-mail shows the same prices with IVA and adds up to what was charged.
    expect((await payments.pay(outcome.url)).status).toBe(303);
    await eventually(
      async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status === "procesando",
      "the order paid",
    );
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "order-confirmation", to: user.email } });
    expect(email.text).toContain(
      [
        "- Anillo Cálido × 3: $4,296.30",
        "",
        "Subtotal (IVA incluido): $4,296.30",
        "Envío: $15.00",
        "Total: $4,311.30",
        "Incluye IVA (16%): $594.66", // the pieces' 592.59 and the 2.07 inside the shipping, as the CFDI
      ].join("\n"),
    );
  });
});

describe("a shop that sells to businesses (PRICES_INCLUDE_IVA=0)", () => {
  it("e-mails the pieces before IVA with Subtotal, Envío (antes de IVA), IVA (16%) and Total", async () => {
    process.env.PRICES_INCLUDE_IVA = "0";
    resetEnvCache();
    const user = await createUser();
    const ring = await createProduct({ name: "Anillo Cálido", price: 1_234_57, stock: 5 });
    await addToCart(user.id, { productId: ring.id, variantId: null, quantity: 3 });
    const outcome = await startCheckout(new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" }), user, SHIPPING);
    if (!outcome.ok) throw new Error(outcome.message);
    expect((await payments.pay(outcome.url)).status).toBe(303);
    await eventually(
      async () => (await prisma.outboxEmail.count({ where: { kind: "order-confirmation", to: user.email } })) > 0,
      "the confirmation e-mail",
    );
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "order-confirmation", to: user.email } });
    expect(email.text).toContain(
      [
        "- Anillo Cálido × 3: $3,703.71",
        "",
        "Subtotal: $3,703.71",
        "Envío (antes de IVA): $12.93",
        "IVA (16%): $594.66",
        "Total: $4,311.30",
      ].join("\n"),
    );
  });
});
