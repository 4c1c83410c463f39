import { describe, expect, it } from "vitest";
import type { CouponAttempt } from "~/lib/discounts";
import { listDiscountCodes } from "~/models/admin-discount-codes.server";
import { addToCart } from "~/models/cart.server";
import { getCheckoutSummary } from "~/models/checkout.server";
import { setAppliedCode } from "~/models/discount-codes.server";
import { releaseReservation } from "~/models/order.server";
import { startCheckout } from "~/models/payment.server";
import type { Prisma } from "~/generated/prisma/client";
import { action as adminCodesAction } from "~/routes/admin.promociones.cupones";
import { action as editCodeAction, loader as editCodeLoader } from "~/routes/admin.promociones.cupones_.$id";
import { action as cuponAction } from "~/routes/cupon";
import { prisma } from "~/utils/db.server";
import { readFlashes } from "~/utils/flash.server";
import { createUserSession } from "~/utils/session.server";
import { createProduct, createUser } from "../db-utils";
import { staffSession } from "./admin-fixtures";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments, settledCardRefund } from "./payment-helpers";

/**
 * Discount codes at PAGAR (issue 37, docs/decisions/058): the server applies the shopper's code to the
 * order's own lines, stores it per line, sends the discounted amount to the provider (which charges
 * exactly the order's total), and never lets a code's uses pass its limit, also with two shoppers
 * racing for the last use.
 */

const payments = setUpPayments();
const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });

let codeCounter = 0;
async function createCode(data: Partial<Prisma.DiscountCodeCreateInput> = {}) {
  codeCounter += 1;
  return prisma.discountCode.create({
    data: { code: `PRUEBA${codeCounter}${Date.now()}`, kind: "percentage", value: 10, ...data },
  });
}

async function shopperWithCart(productId: number, quantity = 3) {
  const user = await createUser();
  await addToCart(user.id, { productId, variantId: null, quantity });
  return user;
}

describe("a discount code at PAGAR", () => {
  it("is allocated to the lines, charged by the provider as the order's total, and paid", async () => {
    const product = await createProduct({ price: 1_000_01, stock: 10 });
    const other = await createProduct({ price: 333_33, stock: 10, categoryId: 2 });
    const code = await createCode({ kind: "fixed", value: 500_00, categoryIds: [1] });
    const user = await shopperWithCart(product.id);
    await addToCart(user.id, { productId: other.id, variantId: null, quantity: 1 });
    await setAppliedCode(user.id, code.code);

    const outcome = await startCheckout(request(), user, SHIPPING);
    if (!outcome.ok) throw new Error(outcome.message);
    const order = await prisma.order.findUniqueOrThrow({
      where: { id: outcome.orderId },
      include: { items: { orderBy: { id: "asc" } } },
    });
    // 3 × $1,160.01 = $3,480.03 with IVA, $500.00 off; the necklace (category 2) is not covered.
    expect(order.discountCode).toBe(code.code);
    expect(order.discountTotal).toBe(500_00);
    const ring = order.items.find((i) => i.productId === product.id)!;
    const necklace = order.items.find((i) => i.productId === other.id)!;
    expect(ring.discount).toBe(500_00);
    expect(necklace.discount).toBeNull();
    // Shown: 3,480.03 − 500.00 + 386.66 (necklace with IVA) + 15.00 shipping.
    expect(order.total).toBe(3_480_03 - 500_00 + 386_66 + 15_00);
    expect(order.subtotal + order.shipping + order.tax).toBe(order.total);

    const session = await payments.stripe.checkout.sessions.retrieve(order.stripeSessionId!);
    expect(session.amount_total).toBe(order.total);
    expect(await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usedCount: 1 });

    // The paid-amount check passes: the order is paid, not sent to staff for a refund.
    await payments.pay(outcome.url);
    await eventually(
      async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status === "procesando",
      "the payment",
    );
    // Staff see what the code sold: the order's total, less what a settled refund gave back.
    const revenueOf = async () => (await listDiscountCodes()).find((c) => c.code === code.code)?.revenue;
    expect(await revenueOf()).toBe(order.total);
    const given = await settledCardRefund(order.id, { [ring.id]: 1 });
    expect(given).toBeGreaterThan(0);
    expect(await revenueOf()).toBe(order.total - given);
    // Paid: the shopper has used it, and a second order with it is refused with the reason.
    await createCode(); // another code exists: only this one counts
    const again = await prisma.discountCode.update({ where: { id: code.id }, data: { perShopperLimit: 1 } });
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
    await setAppliedCode(user.id, again.code);
    expect(await startCheckout(request(), user, SHIPPING)).toEqual({
      ok: false,
      message: "Ya usaste este cupón",
    });
  });

  it("takes free shipping off, and a released order gives its use back", async () => {
    const product = await createProduct({ price: 200_00, stock: 10 });
    const code = await createCode({ kind: "free_shipping", value: 0, minimumPurchase: 200_00 });
    const user = await shopperWithCart(product.id, 1);
    await setAppliedCode(user.id, code.code.toLowerCase()); // typed in any case, found upper case

    const outcome = await startCheckout(request(), user, SHIPPING);
    if (!outcome.ok) throw new Error(outcome.message);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: outcome.orderId } });
    expect(order).toMatchObject({ shipping: 0, total: 232_00, discountTotal: 15_00 });
    const session = await payments.stripe.checkout.sessions.retrieve(order.stripeSessionId!);
    expect(session.amount_total).toBe(232_00);

    expect(await releaseReservation(order.id, "expired", "sweep")).toBe(true);
    expect(await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usedCount: 0 });
    expect(await prisma.discountCodeUse.count({ where: { codeId: code.id } })).toBe(0);
  });

  it("gives the last use to one of two shoppers racing for it", async () => {
    // Two different pieces: the checkouts share no product lock, only the code's row.
    const product = await createProduct({ price: 500_00, stock: 10 });
    const piece = await createProduct({ price: 500_00, stock: 10 });
    const code = await createCode({ usageLimit: 1 });
    const [first, second] = await Promise.all([shopperWithCart(product.id, 1), shopperWithCart(piece.id, 1)]);
    await Promise.all([setAppliedCode(first.id, code.code), setAppliedCode(second.id, code.code)]);

    const outcomes = await Promise.all([
      startCheckout(request(), first, SHIPPING),
      // Another address: the hold limits' locks (per account, address, e-mail) do not queue them either.
      startCheckout(request(), second, { ...SHIPPING, address_line2: "Avenida Juárez 99", postalCode: "44100" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, message: "Este cupón ya se agotó" }]);
    expect(await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usedCount: 1 });
    expect(await prisma.discountCodeUse.count({ where: { codeId: code.id } })).toBe(1);
    // The refused shopper's order was never written and their stock never taken.
    expect(await prisma.order.count()).toBe(1);
    const stocks = await prisma.product.findMany({ where: { id: { in: [product.id, piece.id] } } });
    expect(stocks.map((p) => p.stock).sort()).toEqual([10, 9].sort());
  });
});

describe("the code's field (/cupon)", () => {
  const post = (cookie: string, fields: Record<string, string>, context: Record<string, unknown> = {}) =>
    cuponAction({
      request: new Request("http://localhost/cupon", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context,
    });
  const answer = async (response: unknown) => response as { data: CouponAttempt; init: { status?: number } | null };

  it("answers with the reason, applies a right code for the checkout's totals, and limits attempts", async () => {
    const product = await createProduct({ price: 1_000_00, stock: 5 });
    const code = await createCode({ value: 10, minimumPurchase: 5_000_00 });
    const user = await shopperWithCart(product.id, 1);
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    const context = { clientAddress: "203.0.113.7" };

    const wrong = await answer(await post(cookie, { intent: "apply", code: "NOEXISTE", _fetcher: "1" }, context));
    expect(wrong.data).toEqual({ ok: false, message: "Este cupón no existe" });
    expect(wrong.init?.status).toBe(422);
    // $1,160.00 with IVA; the minimum is $5,000.00.
    const short = await answer(
      await post(cookie, { intent: "apply", code: code.code.toLowerCase(), _fetcher: "1" }, context),
    );
    expect(short.data).toEqual({ ok: false, message: "Te faltan $3,840.00 para usar este cupón" });

    await prisma.discountCode.update({ where: { id: code.id }, data: { minimumPurchase: 0 } });
    // Without JavaScript: back to the checkout, the answer next to the field.
    const plain = await post(cookie, { intent: "apply", code: code.code, redirectTo: "/checkout" }, context).catch(
      (thrown: unknown) => thrown,
    );
    expect(plain).toBeInstanceOf(Response);
    expect((plain as Response).headers.get("Location")).toBe("/checkout");
    const summary = await getCheckoutSummary(user.id);
    expect(summary.coupon).toEqual({ code: code.code, amount: 116_00, reason: null });
    expect(summary.totals).toMatchObject({
      total: 1_160_00 - 116_00 + 15_00,
      discount: { code: code.code, amount: 116_00, shipping: 0 },
    });

    // Ten attempts per shopper in 15 minutes, right or wrong: the eleventh is refused, even a right one.
    for (let i = 0; i < 7; i += 1) await post(cookie, { intent: "apply", code: `MAL${i}X`, _fetcher: "1" }, context);
    const limited = await answer(await post(cookie, { intent: "apply", code: code.code, _fetcher: "1" }, context));
    expect(limited.data.ok).toBe(false);
    expect(limited.data.message).toMatch(/^Demasiados intentos/);

    // Removing is never limited.
    const removed = await answer(await post(cookie, { intent: "remove", _fetcher: "1" }, context));
    expect(removed.data.ok).toBe(true);
    expect((await getCheckoutSummary(user.id)).coupon).toBeNull();
  });
});

/** The one-shot message a redirect carries, as the next page would read it. */
async function flashOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await readFlashes(new Request("http://localhost/", { headers: { Cookie: cookie } }))).flash;
}

describe("staff's codes (/admin/promociones/cupones)", () => {
  const call = (cookie: string, fields: Record<string, string>) =>
    adminCodesAction({
      request: new Request("http://localhost/admin/promociones/cupones", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: {},
    }).catch((thrown: unknown) => thrown);

  it("creates a code with Spanish errors and kept values, lists its uses, archives it; workers are refused", async () => {
    const { cookie } = await staffSession("admin");
    const bad = (await call(cookie, {
      intent: "create",
      code: "x",
      kind: "percentage",
      value: "150",
      endsAt: "mañana",
    })) as {
      data: { errors: Record<string, string>; values: Record<string, string> };
    };
    expect(bad.data.errors).toMatchObject({
      code: "De 3 a 32 letras, números, guiones o guiones bajos",
      endsAt: "Escribe la fecha y hora como 2026-11-13 00:00",
    });
    expect(bad.data.values).toMatchObject({ code: "x", value: "150", endsAt: "mañana" });
    const percent = (await call(cookie, { intent: "create", code: "CIEN", kind: "percentage", value: "150" })) as {
      data: { errors: Record<string, string> };
    };
    expect(percent.data.errors).toEqual({ value: "Un porcentaje de 1 a 100" });

    const fields = {
      intent: "create",
      code: "buenfin26",
      kind: "fixed",
      value: "200",
      minimumPurchase: "1,500",
      startsAt: "2026-11-13T00:00",
      endsAt: "2026-11-17T23:59",
      usageLimit: "100",
      categoryIds: "1, 2",
    };
    const created = await call(cookie, fields);
    expect(created).toBeInstanceOf(Response);
    // The admin is told, on the list the redirect leads to.
    expect(await flashOf(created as Response)).toEqual({ kind: "success", message: "Cupón BUENFIN26 creado" });
    const row = await prisma.discountCode.findUniqueOrThrow({ where: { code: "BUENFIN26" } });
    // Mexico City time (UTC−6) stored in UTC; pesos stored in centavos.
    expect(row).toMatchObject({
      kind: "fixed",
      value: 200_00,
      minimumPurchase: 1_500_00,
      usageLimit: 100,
      categoryIds: [1, 2],
      startsAt: new Date("2026-11-13T06:00:00Z"),
      endsAt: new Date("2026-11-18T05:59:00Z"),
    });
    const again = (await call(cookie, fields)) as { data: { errors: Record<string, string> } };
    expect(again.data.errors.code).toBe("Ya existe un cupón con ese código");

    // Codes of the earlier tests stay (the reset keeps them): this one is listed with its figures.
    expect((await listDiscountCodes()).find((c) => c.code === "BUENFIN26")).toMatchObject({
      discount: "$200.00",
      usedCount: 0,
      usageLimit: 100,
      revenue: 0,
    });
    const archived = (await call(cookie, { intent: "archive", id: String(row.id) })) as Response;
    expect(await flashOf(archived)).toEqual({ kind: "success", message: "Cupón archivado" });
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: row.id } })).archivedAt).not.toBeNull();
    // A second press (the page was old) changes nothing, and says so.
    const twice = (await call(cookie, { intent: "archive", id: String(row.id) })) as Response;
    expect(await flashOf(twice)).toEqual({ kind: "notice", message: "El cupón ya estaba así" });
    const audit = await prisma.auditEntry.findMany({ where: { action: "discount_code" }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.after)).toEqual([
      expect.objectContaining({ cupon: "BUENFIN26", descuento: "$200.00" }),
      { cupon: "BUENFIN26", archivado: "Sí" },
    ]);

    const worker = await staffSession("worker");
    const refused = await call(worker.cookie, { intent: "archive", id: String(row.id) });
    expect(refused).toBeInstanceOf(Response);
    expect([302, 403]).toContain((refused as Response).status);
  });
});

describe("editing a code (/admin/promociones/cupones/:id)", () => {
  const edit = (cookie: string, id: number, fields: Record<string, string>) =>
    editCodeAction({
      request: new Request(`http://localhost/admin/promociones/cupones/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "save", ...fields }),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: { id: String(id) },
      context: {},
    }).catch((thrown: unknown) => thrown);
  const load = (cookie: string, id: string) =>
    editCodeLoader({
      request: new Request(`http://localhost/admin/promociones/cupones/${id}`, { headers: { Cookie: cookie } }),
      params: { id },
      context: {},
    }).catch((thrown: unknown) => thrown);
  type Refused = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

  it("saves the new rules with the flash and the trail; a cart with the code applied reads them at once", async () => {
    const { cookie } = await staffSession("admin");
    const code = await createCode({ value: 10, usageLimit: 50 });
    const product = await createProduct({ price: 1_000_00, stock: 5 });
    const shopper = await shopperWithCart(product.id, 1);
    await setAppliedCode(shopper.id, code.code);
    expect((await getCheckoutSummary(shopper.id)).coupon).toEqual({ code: code.code, amount: 116_00, reason: null });

    // The form starts with the code's rules, as the create form takes them.
    const form = (await load(cookie, String(code.id))) as { values: Record<string, string>; codeLocked: boolean };
    expect(form).toMatchObject({ codeLocked: false, values: { code: code.code, kind: "percentage", value: "10" } });
    expect(form.values).toMatchObject({ usageLimit: "50", minimumPurchase: "" });

    // Same schema, same Spanish messages as creating one; everything typed comes back.
    const bad = (await edit(cookie, code.id, { ...form.values, code: "x", endsAt: "mañana" })) as Refused;
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors).toEqual({
      code: "De 3 a 32 letras, números, guiones o guiones bajos",
      endsAt: "Escribe la fecha y hora como 2026-11-13 00:00",
    });
    const percent = (await edit(cookie, code.id, { ...form.values, value: "150" })) as Refused;
    expect(percent.data.errors).toEqual({ value: "Un porcentaje de 1 a 100" });
    expect(bad.data.values).toMatchObject({ code: "x", endsAt: "mañana", usageLimit: "50" });

    const saved = await edit(cookie, code.id, { ...form.values, minimumPurchase: "5000" });
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe("/admin/promociones/cupones");
    expect(await flashOf(saved as Response)).toEqual({ kind: "success", message: `Cupón ${code.code} guardado` });
    expect(await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({
      minimumPurchase: 5_000_00,
      value: 10,
      usageLimit: 50,
    });
    // No cache between the code and the cart: the shopper's cart says the new minimum's reason.
    expect((await getCheckoutSummary(shopper.id)).coupon).toEqual({
      code: code.code,
      amount: 0,
      reason: "Te faltan $3,840.00 para usar este cupón",
    });
    const audit = await prisma.auditEntry.findMany({ where: { action: "discount_code" } });
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { cupon: code.code, descuento: "10 %", condiciones: "50 usos" },
        { cupon: code.code, descuento: "10 %", condiciones: "Mínimo $5,000.00 · 50 usos" },
      ],
    ]);

    // An unused code may get another text; an archived one is edited and stays archived.
    await prisma.discountCode.update({ where: { id: code.id }, data: { archivedAt: new Date() } });
    const renamed = `${code.code}B`;
    const again = await edit(cookie, code.id, { ...form.values, code: renamed.toLowerCase(), minimumPurchase: "" });
    expect(await flashOf(again as Response)).toEqual({ kind: "success", message: `Cupón ${renamed} guardado` });
    const row = await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } });
    expect(row).toMatchObject({ code: renamed, minimumPurchase: 0 });
    expect(row.archivedAt).not.toBeNull();
    // The old text no longer exists for the cart that had it.
    expect((await getCheckoutSummary(shopper.id)).coupon?.reason).toBe("Este cupón no existe");
    // Another code's text is taken.
    const other = await createCode();
    const taken = (await edit(cookie, code.id, { ...form.values, code: other.code })) as Refused;
    expect(taken.data.errors).toEqual({ code: "Ya existe un cupón con ese código" });

    // Only who may create codes may edit them; no such code is a 404.
    const worker = await staffSession("worker");
    for (const refused of [
      await edit(worker.cookie, code.id, form.values),
      await load(worker.cookie, String(code.id)),
    ]) {
      expect(refused).toBeInstanceOf(Response);
      expect([302, 403]).toContain((refused as Response).status);
    }
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).code).toBe(renamed);
    for (const id of ["999999", "abc"]) {
      expect(((await load(cookie, id)) as Response).status).toBe(404);
    }
    expect(((await edit(cookie, 999_999, form.values)) as Response).status).toBe(404);
  });

  it("keeps the text of a used code and refuses a limit below its uses", async () => {
    const { cookie } = await staffSession("admin");
    const product = await createProduct({ price: 500_00, stock: 10 });
    const code = await createCode({ usageLimit: 10 });
    const user = await shopperWithCart(product.id, 1);
    await setAppliedCode(user.id, code.code);
    const outcome = await startCheckout(request(), user, SHIPPING);
    if (!outcome.ok) throw new Error(outcome.message);

    const form = (await load(cookie, String(code.id))) as { values: Record<string, string>; codeLocked: boolean };
    expect(form.codeLocked).toBe(true);
    const renamed = (await edit(cookie, code.id, { ...form.values, code: "OTRONOMBRE" })) as Refused;
    expect(renamed.init.status).toBe(409);
    expect(renamed.data.errors).toEqual({ code: "Este cupón ya aparece en pedidos: su código no puede cambiar" });
    expect(renamed.data.values.code).toBe("OTRONOMBRE");
    // Released unpaid, the order gave its use back, but its e-mails printed the text: still kept.
    expect(await releaseReservation(outcome.orderId, "expired", "sweep")).toBe(true);
    expect(await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usedCount: 0 });
    const still = (await edit(cookie, code.id, { ...form.values, code: "OTRONOMBRE" })) as Refused;
    expect(still.data.errors.code).toBe("Este cupón ya aparece en pedidos: su código no puede cambiar");

    await prisma.discountCode.update({ where: { id: code.id }, data: { usedCount: 3 } });
    const below = (await edit(cookie, code.id, { ...form.values, usageLimit: "2" })) as Refused;
    expect(below.data.errors).toEqual({ usageLimit: "Ya se usó 3 veces: el límite no puede ser menor" });
    // As many as its uses: allowed (the code is then spent).
    expect(await edit(cookie, code.id, { ...form.values, usageLimit: "3" })).toBeInstanceOf(Response);
    expect(await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({
      code: code.code,
      usageLimit: 3,
    });
  });

  it("never lets a checkout and a lowered limit together pass the limit", async () => {
    const { cookie } = await staffSession("admin");
    for (let round = 0; round < 3; round += 1) {
      const product = await createProduct({ price: 500_00, stock: 10 });
      // One use counted, one left; the admin lowers the limit to the one counted as a shopper pays.
      const code = await createCode({ usageLimit: 2, usedCount: 1 });
      const user = await shopperWithCart(product.id, 1);
      await setAppliedCode(user.id, code.code);
      const form = (await load(cookie, String(code.id))) as { values: Record<string, string> };
      const [order, saved] = await Promise.all([
        startCheckout(request(), user, SHIPPING),
        edit(cookie, code.id, { ...form.values, usageLimit: "1" }),
      ]);
      const row = await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } });
      expect(row.usedCount).toBeLessThanOrEqual(row.usageLimit!);
      if (order.ok) {
        // The use went to the order: the limit stays, the admin is told why.
        expect(row).toMatchObject({ usedCount: 2, usageLimit: 2 });
        expect((saved as Refused).data.errors).toEqual({
          usageLimit: "Ya se usó 2 veces: el límite no puede ser menor",
        });
      } else {
        // The limit came first: the order is refused with the reason and never written.
        expect(order).toEqual({ ok: false, message: "Este cupón ya se agotó" });
        expect(saved).toBeInstanceOf(Response);
        expect(row).toMatchObject({ usedCount: 1, usageLimit: 1 });
        expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
      }
    }
  });
});
