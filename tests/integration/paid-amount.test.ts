import { describe, expect, it } from "vitest";
import { describeAuditChanges } from "~/lib/audit";
import { addToCart } from "~/models/cart.server";
import { confirmPaidSession, startCheckout } from "~/models/payment.server";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { prisma } from "~/utils/db.server";
import { createProduct, createUser } from "../db-utils";
import {
  eventually,
  SHIPPING,
  SHOP_ORIGIN,
  sessionEvent,
  signedWebhookRequest,
  setUpPayments,
} from "./payment-helpers";

/**
 * A paid session is compared with its order before fulfilment (issue 32, docs/decisions/030): a
 * different amount or currency does not fulfil; the order is released and left paid for a refund, with
 * an audit entry naming both amounts for staff.
 */

const payments = setUpPayments();

const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });

async function shopperOrder(stock = 5) {
  const user = await createUser();
  const product = await createProduct({ name: "Anillo Aurora", price: 1_500_00, stock });
  await addToCart(user.id, { productId: product.id, variantId: null, quantity: 2 });
  const outcome = await startCheckout(request(), user, SHIPPING);
  if (!outcome.ok) throw new Error(outcome.message);
  const order = await prisma.order.findUniqueOrThrow({ where: { id: outcome.orderId } });
  return { user, product, url: outcome.url, order, sessionId: order.stripeSessionId! };
}

async function stockOf(productId: number) {
  return (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock;
}

async function expectSentToStaff(orderId: number, paid: string, expected: string) {
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  expect(order.status).toBe("cancelado");
  expect(order.paidAt).not.toBeNull(); // "Pago por reembolsar": the panel's mark of a payment to refund
  expect(await prisma.outboxEmail.count({ where: { kind: "order-confirmation" } })).toBe(0);
  const entries = await prisma.auditEntry.findMany({ where: { orderId }, orderBy: { id: "asc" } });
  const mismatch = entries.find((e) => (e.after as { reason?: string } | null)?.reason === "amount_mismatch");
  expect(mismatch?.after).toMatchObject({ status: "cancelado", paidAmount: paid, expectedTotal: expected });
  expect(entries.some((e) => (e.after as { refundDue?: boolean } | null)?.refundDue === true)).toBe(true);
  // As /admin/historial and the order's page list it.
  const lines = describeAuditChanges(mismatch!).map((c) => `${c.label}: ${c.after}`);
  expect(lines).toEqual(expect.arrayContaining([`Monto cobrado: ${paid}`, `Total del pedido: ${expected}`]));
}

describe("the paid amount is compared with the order's total", () => {
  it("a webhook paying another amount than the order's total does not fulfil: it goes to staff", async () => {
    const { product, url, order } = await shopperOrder();
    // The order's total no longer matches what its session charges (3,495.00).
    await prisma.order.update({ where: { id: order.id }, data: { total: order.total + 1 } });

    await payments.pay(url);
    await eventually(
      async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paidAt !== null,
      "the webhook",
    );

    await expectSentToStaff(order.id, "$3,495.00 MXN", "$3,495.01 MXN");
    expect(await stockOf(product.id)).toBe(5); // the pieces are back on the shelf
  });

  it("the right amount in another currency does not fulfil either", async () => {
    const { order, sessionId } = await shopperOrder();
    const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
    const paidInDollars = {
      ...session,
      currency: "usd",
      status: "complete" as const,
      payment_status: "paid" as const,
      payment_intent: "pi_usd",
    };
    const response = await webhookAction({
      request: signedWebhookRequest(sessionEvent("checkout.session.completed", paidInDollars)),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    await expectSentToStaff(order.id, "3495.00 usd", "$3,495.00 MXN");
  });

  it("the success page applies the same check when it learns of the payment first", async () => {
    const { user, url, order, sessionId } = await shopperOrder();
    await prisma.order.update({ where: { id: order.id }, data: { total: order.total - 100 } });
    payments.state.webhooksDown = true;
    await payments.pay(url);

    expect(await confirmPaidSession(request(), user.id, sessionId)).toEqual({
      kind: "paid",
      orderId: order.id,
      outcome: "refund_due",
    });
    await expectSentToStaff(order.id, "$3,495.00 MXN", "$3,494.00 MXN");
  });

  it("the order's own amount fulfils as before", async () => {
    const { url, order } = await shopperOrder();
    await payments.pay(url);
    const paid = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(paid.status).toBe("procesando");
    expect(
      await prisma.auditEntry.count({
        where: { orderId: order.id, after: { path: ["reason"], equals: "amount_mismatch" } },
      }),
    ).toBe(0);
  });
});
