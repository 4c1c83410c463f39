import { afterEach, describe, expect, it } from "vitest";
import { addToCart } from "~/models/cart.server";
import { getOrdersForUser } from "~/models/order-views.server";
import { confirmPaidSession, startCheckout } from "~/models/payment.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createProduct, createUser } from "../db-utils";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";

const payments = setUpPayments();

const MSI_CARD = "4000 0048 4000 0008";
const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });

afterEach(() => {
  delete process.env.MSI_PLANS;
  resetEnvCache();
});

/** A shopper with one piece of `price` centavos in the cart, through PAGAR to the provider's page. */
async function checkoutOf(price = 1_500_00) {
  const user = await createUser();
  const product = await createProduct({ name: "Collar Aurora", price, stock: 5 });
  await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
  const outcome = await startCheckout(request(), user, SHIPPING);
  if (!outcome.ok) throw new Error(`checkout refused: ${outcome.message}`);
  const order = await prisma.order.findUniqueOrThrow({ where: { id: outcome.orderId } });
  return { user, url: outcome.url, order, sessionId: order.stripeSessionId! };
}

const orderOf = (id: number) => prisma.order.findUniqueOrThrow({ where: { id } });

describe("meses sin intereses at checkout", () => {
  it("the session enables instalments with the default plans, and not when MSI_PLANS is empty", async () => {
    const offered = await checkoutOf();
    const session = await payments.stripe.checkout.sessions.retrieve(offered.sessionId);
    expect(session.payment_method_options?.card?.installments?.enabled).toBe(true);

    process.env.MSI_PLANS = "";
    resetEnvCache();
    const off = await checkoutOf();
    const plain = await payments.stripe.checkout.sessions.retrieve(off.sessionId);
    expect(plain.payment_method_options?.card?.installments).toBeUndefined();
  });

  it("an MSI payment records its plan, through the webhook, in Mis Pedidos and in the confirmation", async () => {
    const { user, url, order } = await checkoutOf();
    const asked = await payments.pay(url, MSI_CARD);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("6 meses sin intereses");

    const paid = await payments.pay(url, MSI_CARD, { installment_plan: "6" });
    expect(paid.status).toBe(303);
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: "procesando", installmentMonths: 6 });

    const [shown] = await getOrdersForUser(user.id);
    expect(shown?.installmentMonths).toBe(6);
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "order-confirmation" } });
    expect(email.text).toContain("Forma de pago: Tarjeta a 6 meses sin intereses");
    expect(email.html).toContain("Tarjeta a 6 meses sin intereses");
  });

  it("the success page records the plan when the webhook did not get through", async () => {
    const { user, url, order, sessionId } = await checkoutOf(3_000_00);
    payments.state.webhooksDown = true;
    expect((await payments.pay(url, MSI_CARD, { installment_plan: "12" })).status).toBe(303);
    expect((await orderOf(order.id)).status).toBe("pendiente");
    payments.state.webhooksDown = false;

    expect(await confirmPaidSession(request(), user.id, sessionId)).toMatchObject({ kind: "paid" });
    expect(await orderOf(order.id)).toMatchObject({ status: "procesando", installmentMonths: 12 });
  });

  it("a card without MSI, or one charge chosen, records no plan", async () => {
    const plain = await checkoutOf();
    expect((await payments.pay(plain.url)).status).toBe(303);
    const single = await checkoutOf();
    expect((await payments.pay(single.url, MSI_CARD, { installment_plan: "1" })).status).toBe(303);

    await eventually(
      async () => (await prisma.order.count({ where: { status: "procesando" } })) === 2,
      "both orders paid",
    );
    expect(await orderOf(plain.order.id)).toMatchObject({ status: "procesando", installmentMonths: null });
    expect(await orderOf(single.order.id)).toMatchObject({ status: "procesando", installmentMonths: null });
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { kind: "order-confirmation" } });
    expect(email.text).not.toContain("meses sin intereses");
  });
});
