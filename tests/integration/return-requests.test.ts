import { describe, expect, it } from "vitest";
import { RETURN_REQUEST_MESSAGES } from "~/lib/return-requests";
import { processReturn } from "~/models/admin-returns.server";
import { setOrderStatus, shipOrder } from "~/models/admin-orders.server";
import { addToCart } from "~/models/cart.server";
import { startCheckout } from "~/models/payment.server";
import { recordManualRefund, refundCard } from "~/models/refunds.server";
import { createReturnRequest, getRequestForm, getShopperReturns } from "~/models/return-requests.server";
import { approveRequest, receiveRequest, rejectRequest, shipExchange } from "~/models/return-staff.server";
import { prisma } from "~/utils/db.server";
import { createProduct, createUser } from "../db-utils";
import { createOrder } from "./admin-fixtures";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";

/**
 * Returns and exchanges per piece started by the shopper (docs/decisions/034), on both databases:
 * the server's checks of a request (ownership, the window, quantities, the size), approval holding an
 * exchange's new size (or refused when it ran out meanwhile), receiving only sellable pieces back on
 * the shelf, the refund of returned pieces, the exchange's own shipment, and the e-mail of each step.
 */

const payments = setUpPayments();

/** A shopper who received a ring in size 6 and a plain chain, delivered `deliveredAt`. */
async function delivered({ deliveredAt = new Date(), chainQuantity = 1 } = {}) {
  const shopper = await createUser();
  const ring = await createProduct({ name: "Anillo Aurora", stock: 0 });
  const sizes = await Promise.all(
    ["6", "7", "8"].map((size, index) =>
      prisma.variant.create({
        data: {
          productId: ring.id,
          name: `Talla ${size}`,
          model: "Oro",
          size,
          price: 1_000_00,
          stock: index,
          sortOrder: index,
        },
      }),
    ),
  );
  const [six, seven, eight] = sizes as [(typeof sizes)[0], (typeof sizes)[0], (typeof sizes)[0]];
  const other = await createProduct({ name: "Otro anillo", stock: 0 });
  const foreign = await prisma.variant.create({
    data: { productId: other.id, name: "Talla 7", model: "Oro", size: "7", price: 1_000_00, stock: 3 },
  });
  const chain = await createProduct({ name: "Cadena Luna", stock: 4 });
  const order = await createOrder({
    userId: shopper.id,
    status: "entregado",
    items: [
      { productId: ring.id, variantId: six.id, quantity: 1 },
      { productId: chain.id, quantity: chainQuantity },
    ],
  });
  await prisma.order.update({ where: { id: order.id }, data: { deliveredAt, email: shopper.email } });
  const items = await prisma.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
  await prisma.orderItem.update({ where: { id: items[0]!.id }, data: { variantName: "Talla 6" } });
  return { shopper, order, ring, six, seven, eight, foreign, chain, ringLine: items[0]!, chainLine: items[1]! };
}

const exchange = (line: number, size: number, reason = "Me quedó chico") => ({
  kind: "cambio" as const,
  quantities: { [line]: 1 },
  sizes: { [line]: size },
  reason,
});

const variantStock = async (id: number) => (await prisma.variant.findUniqueOrThrow({ where: { id } })).stock;
const productStock = async (id: number) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;
const requestOf = (id: number) => prisma.returnRequest.findUniqueOrThrow({ where: { id } });
const emailsTo = (to: string) => prisma.outboxEmail.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

async function staff(role: "admin" | "worker" = "worker") {
  const user = await createUser({ role });
  return { id: user.id, email: user.email };
}

describe("a shopper's request", () => {
  it("is checked on the server: ownership, quantities, a size of the same product and model", async () => {
    const world = await delivered();
    const stranger = await createUser();
    const { number } = world.order;
    expect(await createReturnRequest(stranger, number, exchange(world.ringLine.id, world.seven.id))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await getRequestForm(stranger.id, number)).toBeNull();
    const tooMany = {
      kind: "devolucion" as const,
      quantities: { [world.chainLine.id]: 2 },
      sizes: {},
      reason: "No me gustó",
    };
    expect(await createReturnRequest(world.shopper, number, tooMany)).toEqual({
      ok: false,
      status: 400,
      errors: { [`cantidad-${world.chainLine.id}`]: RETURN_REQUEST_MESSAGES.tooMany(1) },
    });
    expect(
      await createReturnRequest(world.shopper, number, exchange(world.ringLine.id, world.foreign.id)),
    ).toMatchObject({
      ok: false,
      errors: { [`talla-${world.ringLine.id}`]: RETURN_REQUEST_MESSAGES.unknownSize },
    });
    expect(
      await createReturnRequest(world.shopper, number, exchange(world.chainLine.id, world.seven.id)),
    ).toMatchObject({
      ok: false,
      errors: { [`talla-${world.chainLine.id}`]: RETURN_REQUEST_MESSAGES.noSizes },
    });
    // The form offers the other sizes of the ring's model, and nothing for the chain.
    const form = (await getRequestForm(world.shopper.id, number))!;
    expect(form.items.map((item) => item.sizes.map((size) => size.name))).toEqual([["Talla 7", "Talla 8"], []]);
    expect(await prisma.returnRequest.count()).toBe(0);

    const created = await createReturnRequest(world.shopper, number, exchange(world.ringLine.id, world.seven.id));
    expect(created).toMatchObject({ ok: true });
    // Nothing is held before staff approve.
    expect(await variantStock(world.seven.id)).toBe(1);
    // The same piece cannot be asked for twice.
    expect(await createReturnRequest(world.shopper, number, exchange(world.ringLine.id, world.eight.id))).toMatchObject(
      {
        ok: false,
        errors: { [`cantidad-${world.ringLine.id}`]: RETURN_REQUEST_MESSAGES.noneLeft },
      },
    );
    const emails = await emailsTo(world.shopper.email);
    expect(emails.map((e) => e.kind)).toEqual(["return-requested"]);
    expect(emails[0]!.text).toContain("1 × Pieza vendida (Talla 6 → Talla 7)");
  });

  it("two at once for the last piece: one is recorded, the other refused", async () => {
    const world = await delivered();
    const ask = () =>
      createReturnRequest(world.shopper, world.order.number, {
        kind: "devolucion",
        quantities: { [world.chainLine.id]: 1 },
        sizes: {},
        reason: "No me gustó",
      });
    const outcomes = await Promise.all([ask(), ask()]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await prisma.returnRequestItem.count({ where: { orderItemId: world.chainLine.id } })).toBe(1);
  });

  it("only for a delivered order, within RETURN_DAYS business days of the delivery", async () => {
    const late = await delivered({ deliveredAt: new Date(Date.now() - 30 * 86_400_000) });
    expect(
      await createReturnRequest(late.shopper, late.order.number, exchange(late.ringLine.id, late.seven.id)),
    ).toEqual({
      ok: false,
      status: 409,
      errors: { form: RETURN_REQUEST_MESSAGES.windowClosed },
    });
    const shipped = await delivered();
    await prisma.order.update({
      where: { id: shipped.order.id },
      data: { status: "devuelto", stockReleasedAt: new Date() },
    });
    expect(
      await createReturnRequest(shipped.shopper, shipped.order.number, exchange(shipped.ringLine.id, shipped.seven.id)),
    ).toMatchObject({ ok: false, errors: { form: RETURN_REQUEST_MESSAGES.notDelivered } });
    // Mis Pedidos says until when: open for a fresh delivery, closed for the old one.
    const fresh = await delivered();
    expect((await getShopperReturns(fresh.shopper.id))[fresh.order.id]!.window).toMatchObject({ open: true });
    expect((await getShopperReturns(late.shopper.id))[late.order.id]!.window).toMatchObject({ open: false });
  });

  it("the lifecycle records when an order is delivered", async () => {
    const { setOrderStatus } = await import("~/models/admin-orders.server");
    const shopper = await createUser();
    const chain = await createProduct({ stock: 2 });
    const order = await createOrder({
      userId: shopper.id,
      status: "enviado",
      items: [{ productId: chain.id, quantity: 1 }],
    });
    await setOrderStatus(await staff(), order.id, "entregado");
    const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.deliveredAt).not.toBeNull();
  });
});

describe("staff's steps", () => {
  it("approving an exchange holds the new size; receiving puts back only sellable pieces; the exchange ships", async () => {
    const world = await delivered();
    const worker = await staff();
    const created = await createReturnRequest(
      world.shopper,
      world.order.number,
      exchange(world.ringLine.id, world.seven.id),
    );
    if (!created.ok) throw new Error("request refused");
    expect(await approveRequest(worker, created.requestId, "Envíala esta semana")).toEqual({ ok: true });
    expect(await variantStock(world.seven.id)).toBe(0);
    // Approving twice holds nothing more.
    expect(await approveRequest(worker, created.requestId, null)).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(await variantStock(world.seven.id)).toBe(0);
    // Shipping before receiving is not a step of the lifecycle.
    expect(await shipExchange(worker, created.requestId, { carrier: "dhl", trackingCode: "JD1" })).toMatchObject({
      ok: false,
      reason: "not_allowed",
    });

    const line = await prisma.returnRequestItem.findFirstOrThrow({ where: { returnRequestId: created.requestId } });
    expect(await receiveRequest(worker, created.requestId, { [line.id]: 2 })).toMatchObject({ ok: false });
    expect(await receiveRequest(worker, created.requestId, { [line.id]: 1 })).toMatchObject({ ok: true });
    expect(await variantStock(world.six.id)).toBe(1); // the size 6 came back sellable
    expect(await shipExchange(worker, created.requestId, { carrier: "dhl", trackingCode: "JD0001" })).toEqual({
      ok: true,
    });
    expect(await requestOf(created.requestId)).toMatchObject({
      status: "cambio_enviado",
      carrier: "dhl",
      trackingCode: "JD0001",
    });
    // The order itself stays delivered: the exchange is the request's shipment.
    expect((await prisma.order.findUniqueOrThrow({ where: { id: world.order.id } })).status).toBe("entregado");

    const emails = await emailsTo(world.shopper.email);
    expect(emails.map((e) => e.kind)).toEqual([
      "return-requested",
      "return-approved",
      "return-received",
      "return-exchange-shipped",
    ]);
    expect(emails[1]!.text).toContain("Envíala esta semana");
    expect(emails[3]!.text).toContain("Guía: JD0001");
    const view = (await getShopperReturns(world.shopper.id))[world.order.id]!;
    expect(view.requests).toMatchObject([{ status: "cambio_enviado", carrier: "dhl", trackingCode: "JD0001" }]);
    // The trail has every step.
    const trail = await prisma.auditEntry.findMany({
      where: { orderId: world.order.id, action: "return_request" },
      orderBy: { id: "asc" },
    });
    expect(trail.map((e) => (e.after as { request: string }).request)).toEqual([
      "solicitada",
      "aprobada",
      "recibida",
      "cambio_enviado",
    ]);
  });

  it("an exchange whose new size ran out between request and approval is refused, and nothing is taken", async () => {
    const world = await delivered();
    const worker = await staff();
    const created = await createReturnRequest(
      world.shopper,
      world.order.number,
      exchange(world.ringLine.id, world.seven.id),
    );
    if (!created.ok) throw new Error("request refused");
    // Another shopper buys the last size 7 meanwhile.
    await prisma.variant.update({ where: { id: world.seven.id }, data: { stock: 0 } });
    expect(await approveRequest(worker, created.requestId, null)).toEqual({
      ok: false,
      reason: "out_of_stock",
      size: "Talla 7",
    });
    expect(await requestOf(created.requestId)).toMatchObject({ status: "solicitada" });
    expect(await variantStock(world.seven.id)).toBe(0);
    expect((await emailsTo(world.shopper.email)).map((e) => e.kind)).toEqual(["return-requested"]);
    // Staff reject it with a message; the piece may be asked for again (another size).
    expect(await rejectRequest(worker, created.requestId, "La talla 7 se agotó: pídenos la 8")).toEqual({ ok: true });
    expect(
      await createReturnRequest(world.shopper, world.order.number, exchange(world.ringLine.id, world.eight.id)),
    ).toMatchObject({ ok: true });
    const rejected = (await emailsTo(world.shopper.email)).find((e) => e.kind === "return-rejected")!;
    expect(rejected.text).toContain("La talla 7 se agotó: pídenos la 8");
  });

  it("two staff approving the last size at once: one holds it, the other is refused", async () => {
    const first = await delivered();
    const worker = await staff();
    const a = await createReturnRequest(first.shopper, first.order.number, exchange(first.ringLine.id, first.seven.id));
    // A second shopper's order of the same ring, asking for the same last size 7.
    const shopper = await createUser();
    const order = await createOrder({
      userId: shopper.id,
      status: "entregado",
      items: [{ productId: first.ring.id, variantId: first.six.id, quantity: 1 }],
    });
    await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date() } });
    const [line] = await prisma.orderItem.findMany({ where: { orderId: order.id } });
    const b = await createReturnRequest(shopper, order.number, exchange(line!.id, first.seven.id));
    if (!a.ok || !b.ok) throw new Error("requests refused");
    const outcomes = await Promise.all([
      approveRequest(worker, a.requestId, null),
      approveRequest(worker, b.requestId, null),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "out_of_stock", size: "Talla 7" }]);
    expect(await variantStock(first.seven.id)).toBe(0);
  });

  it("a return: unsellable pieces stay off the shelf, the refund request is prefilled, and the refund closes it", async () => {
    const world = await delivered({ chainQuantity: 2 });
    await prisma.order.update({ where: { id: world.order.id }, data: { paymentMethod: "spei" } });
    const worker = await staff();
    const admin = await staff("admin");
    const created = await createReturnRequest(world.shopper, world.order.number, {
      kind: "devolucion",
      quantities: { [world.chainLine.id]: 2 },
      sizes: {},
      reason: "No me gustaron",
    });
    if (!created.ok) throw new Error("request refused");
    expect(await approveRequest(worker, created.requestId, null)).toEqual({ ok: true });
    const line = await prisma.returnRequestItem.findFirstOrThrow({ where: { returnRequestId: created.requestId } });
    const before = await productStock(world.chain.id);
    const received = await receiveRequest(worker, created.requestId, { [line.id]: 1 });
    expect(received).toMatchObject({ ok: true });
    expect(await productStock(world.chain.id)).toBe(before + 1); // one of two was worn
    const request = await requestOf(created.requestId);
    expect(request).toMatchObject({ status: "recibida" });
    const asked = await prisma.refund.findUniqueOrThrow({ where: { id: request.refundRequestId! } });
    expect(asked).toMatchObject({ status: "solicitado" });
    expect(asked.items).toMatchObject({ pieces: [{ orderItemId: world.chainLine.id, quantity: 2 }] });

    // An admin refunds the two pieces (a SPEI payment: the transfer made by hand).
    expect(
      await recordManualRefund(admin, {
        orderId: world.order.id,
        chosen: { items: { [world.chainLine.id]: 2 }, shipping: false, giftWrap: false },
        reason: asked.reason,
        clabe: "002010077777777771",
        reference: "SPEI123",
        requestId: asked.id,
      }),
    ).toMatchObject({ ok: true });
    expect(await requestOf(created.requestId)).toMatchObject({ status: "reembolsada" });
    // A partial refund: the order stays delivered (the ring was kept).
    expect((await prisma.order.findUniqueOrThrow({ where: { id: world.order.id } })).status).toBe("entregado");
  });

  it("a whole-order return of an order with a shopper's request is refused (its pieces would come back twice)", async () => {
    const world = await delivered();
    const created = await createReturnRequest(
      world.shopper,
      world.order.number,
      exchange(world.ringLine.id, world.seven.id),
    );
    expect(created.ok).toBe(true);
    const worker = await staff();
    expect(await processReturn(worker, { orderNumber: world.order.number, reason: "Devuelto" })).toEqual({
      ok: false,
      reason: "has_requests",
    });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: world.order.id } })).status).toBe("entregado");
  });

  it("a return of a piece paid by card is refunded through the provider; shop and provider agree to the centavo", async () => {
    const shopper = await createUser();
    const ring = await createProduct({ name: "Anillo Aurora", price: 1_500_00, stock: 5 });
    const chain = await createProduct({ name: "Cadena Luna", price: 800_00, stock: 5 });
    await addToCart(shopper.id, { productId: ring.id, variantId: null, quantity: 2 });
    await addToCart(shopper.id, { productId: chain.id, variantId: null, quantity: 1 });
    const started = await startCheckout(new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" }), shopper, SHIPPING);
    if (!started.ok) throw new Error(started.message);
    expect((await payments.pay(started.url)).status).toBe(303);
    await eventually(
      async () => (await prisma.order.findUniqueOrThrow({ where: { id: started.orderId } })).status === "procesando",
      "the order paid",
    );
    const worker = await staff();
    const admin = await staff("admin");
    await shipOrder(worker, started.orderId, { carrier: "estafeta", trackingCode: "EST1" });
    await setOrderStatus(worker, started.orderId, "entregado");
    const order = await prisma.order.findUniqueOrThrow({ where: { id: started.orderId }, include: { items: true } });
    const ringLine = order.items.find((item) => item.productId === ring.id)!;

    const created = await createReturnRequest(shopper, order.number, {
      kind: "devolucion",
      quantities: { [ringLine.id]: 1 },
      sizes: {},
      reason: "Solo quería uno",
    });
    if (!created.ok) throw new Error("request refused");
    await approveRequest(worker, created.requestId, null);
    const line = await prisma.returnRequestItem.findFirstOrThrow({ where: { returnRequestId: created.requestId } });
    const received = await receiveRequest(worker, created.requestId, { [line.id]: 1 });
    expect(received).toMatchObject({ ok: true });
    const asked = await prisma.refund.findUniqueOrThrow({
      where: { id: (await requestOf(created.requestId)).refundRequestId! },
    });

    // The admin opens the refund page with the request and confirms it: pending until the provider says.
    const refund = await refundCard(admin, {
      orderId: order.id,
      chosen: { items: { [ringLine.id]: 1 }, shipping: false, giftWrap: false },
      reason: asked.reason,
      requestId: asked.id,
    });
    if (!refund.ok) throw new Error(refund.reason);
    await eventually(async () => (await requestOf(created.requestId)).status === "reembolsada", "the return refunded");
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id, status: "reembolsado" } });
    const provider = await payments.stripe.refunds.list({ payment_intent: order.stripePaymentIntentId! });
    expect(provider.data.map((r) => r.amount).sort()).toEqual(refunds.map((r) => r.amount).sort());
    // One ring of two: its share of what was paid, IVA included, and nothing else.
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBeLessThan(order.total);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("entregado");
    expect((await emailsTo(shopper.email)).map((e) => e.kind)).toContain("order-refund");
  });
});
