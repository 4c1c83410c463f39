import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RETURN_REASON, ROLE_MESSAGES, TRACKING_MESSAGES } from "~/lib/validation/admin";
import { PRICE_MESSAGES, PRODUCT_MESSAGES } from "~/lib/validation/admin-product";
import { processReturn } from "~/models/admin-returns.server";
import { addToCart, CartError } from "~/models/cart.server";
import { getProductDetail, getProductGrid, getSitemapProducts } from "~/models/product.server";
import { searchCatalog } from "~/models/search.server";
import { loader as adminLoader } from "~/routes/admin";
import { action as returnsAction } from "~/routes/admin.devoluciones";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin.pedidos._index";
import { action as productsAction } from "~/routes/admin.productos._index";
import { action as newAction, loader as newLoader } from "~/routes/admin.productos.nuevo";
import { action as usersAction } from "~/routes/admin.usuarios";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { createOrder, createProductWithVariant, staffSession } from "./admin-fixtures";
import { callAction, callLoader, errorsOf, formRequest, getRequest, keptValuesOf } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

describe("stock edits", () => {
  async function setStock(cookie: string, productId: number, stock: string | null) {
    const fields: Record<string, string> = { intent: "stock", productId: String(productId), _fetcher: "1" };
    if (stock !== null) fields.stock = stock;
    return callAction(productsAction, formRequest("/admin/productos", fields, { cookie }));
  }

  it("store whole numbers, count bad input as 0 and never go negative", async () => {
    const { cookie } = await staffSession("worker");
    const product = await createProduct({ stock: 10 });
    const cases: [string | null, number][] = [
      ["7", 7],
      [" 12 ", 12],
      ["3.9", 3],
      ["-5", 0],
      ["abc", 0],
      ["", 0],
      [null, 0],
      ["99999999999", 999_999],
    ];
    for (const [input, expected] of cases) {
      await prisma.product.update({ where: { id: product.id }, data: { stock: 10 } });
      const outcome = await setStock(cookie, product.id, input);
      expect(outcome.status, String(input)).toBe(200);
      expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock, String(input)).toBe(
        expected,
      );
    }
  });

  it("edit a variant's stock and record who changed what", async () => {
    const { user, cookie } = await staffSession("worker", "almacen@example.test");
    const { product, variant } = await createProductWithVariant(5, 3);
    const outcome = await callAction(
      productsAction,
      formRequest(
        "/admin/productos",
        { intent: "variant-stock", variantId: String(variant.id), stock: "-2", _fetcher: "1" },
        { cookie },
      ),
    );
    expect(outcome).toMatchObject({ status: 200, body: { ok: true } });
    expect((await prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
    expect(await prisma.auditEntry.findMany()).toEqual([
      expect.objectContaining({
        actorId: user.id,
        actorEmail: "almacen@example.test",
        action: "variant_stock",
        productId: product.id,
        before: { variantId: variant.id, variant: "Talla 6", stock: 3 },
        after: { variantId: variant.id, variant: "Talla 6", stock: 0 },
      }),
    ]);
  });

  it("redirect back to the same page with a message without JavaScript", async () => {
    const { cookie } = await staffSession("worker");
    const product = await createProduct({ stock: 1 });
    const outcome = await callAction(
      productsAction,
      formRequest(
        "/admin/productos?q=anillo&pagina=2",
        { intent: "stock", productId: String(product.id), stock: "4" },
        {
          cookie,
        },
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/admin/productos?q=anillo&pagina=2");
    expect(outcome.headers.get("Set-Cookie")).toBeTruthy();
  });
});

describe("new product", () => {
  it("lists the categories by name, as the spec does: Pendientes before Pulseras (issue 37)", async () => {
    const { cookie } = await staffSession("admin");
    const { body } = await callLoader(newLoader, getRequest("/admin/productos/nuevo", cookie));
    expect((body as { categories: { name: string }[] }).categories.map((c) => c.name)).toEqual([
      "Anillos",
      "Collares",
      "Pendientes",
      "Pulseras",
    ]);
  });

  it("stores prices typed in pesos as centavos, with the first category by default", async () => {
    const { cookie } = await staffSession("admin");
    const outcome = await callAction(
      newAction,
      formRequest(
        "/admin/productos/nuevo",
        {
          name: "  Collar Luna ",
          price: "$1,299.5",
          originalPrice: "1500",
          imageUrl: "https://cdn.example.test/luna.jpg",
          description: "",
          material: "",
          categoryId: "1",
          stock: "x",
          isNew: "on",
        },
        { cookie },
      ),
    );
    expect(outcome.status).toBe(302);
    const product = await prisma.product.findFirstOrThrow({ where: { name: "Collar Luna" } });
    expect(outcome.headers.get("Location")).toBe(`/admin/productos/${product.id}`);
    expect(product).toMatchObject({
      image: "https://cdn.example.test/luna.jpg",
      price: 129_950,
      originalPrice: 150_000,
      categoryId: 1,
      stock: 0,
      material: null,
      isNew: true,
      isFeatured: false,
      inStock: false,
      archivedAt: null,
    });
  });

  it("answers bad input with Spanish messages next to the fields and keeps the values", async () => {
    const { cookie } = await staffSession("admin");
    const outcome = await callAction(
      newAction,
      formRequest(
        "/admin/productos/nuevo",
        {
          name: "",
          price: "mil",
          originalPrice: "10",
          imageUrl: "javascript:alert(1)",
          categoryId: "99",
          stock: "2",
        },
        { cookie },
      ),
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toMatchObject({
      name: [PRODUCT_MESSAGES.nameRequired],
      price: [PRICE_MESSAGES.invalid],
      imageUrl: [PRODUCT_MESSAGES.imageInvalid],
    });
    expect(keptValuesOf(outcome)).toMatchObject({ price: "mil", imageUrl: "javascript:alert(1)" });

    const unknownCategory = await callAction(
      newAction,
      formRequest(
        "/admin/productos/nuevo",
        { name: "Aretes", price: "500", originalPrice: "400", images: "/x.jpg", categoryId: "99" },
        { cookie },
      ),
    );
    expect(errorsOf(unknownCategory)).toEqual({ originalPrice: [PRICE_MESSAGES.originalBelow] });
    const noCategory = await callAction(
      newAction,
      formRequest(
        "/admin/productos/nuevo",
        { name: "Aretes", price: "500", images: "/x.jpg", categoryId: "99" },
        { cookie },
      ),
    );
    expect(errorsOf(noCategory)).toEqual({ categoryId: [PRODUCT_MESSAGES.categoryRequired] });
    expect(await prisma.product.count()).toBe(0);
  });
});

describe("delete", () => {
  it("deletes a product that never sold", async () => {
    const { cookie } = await staffSession("admin");
    const product = await createProduct();
    const outcome = await callAction(
      productsAction,
      formRequest(
        `/admin/productos?eliminar=${product.id}`,
        { intent: "delete", productId: String(product.id) },
        { cookie },
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/admin/productos");
    expect(await prisma.product.count()).toBe(0);
    expect(await prisma.auditEntry.findFirst()).toMatchObject({ action: "product_delete", productId: product.id });
  });

  it("archives a product that appears in orders: gone from the shop, kept in the order", async () => {
    const { cookie } = await staffSession("admin");
    const { user: shopper } = await staffSession("customer");
    const sold = await createProduct({ name: "Anillo Vendido", stock: 4 });
    const other = await createProduct({ name: "Anillo Disponible" });
    await createOrder({ userId: shopper.id, items: [{ productId: sold.id, quantity: 1 }] });
    await addToCart(shopper.id, { productId: sold.id, variantId: null, quantity: 1 });

    const outcome = await callAction(
      productsAction,
      formRequest("/admin/productos", { intent: "delete", productId: String(sold.id) }, { cookie }),
    );
    expect(outcome.status).toBe(302);
    const archived = await prisma.product.findUniqueOrThrow({ where: { id: sold.id } });
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect(await prisma.orderItem.findFirst({ where: { productId: sold.id } })).not.toBeNull();
    expect(await prisma.cartItem.count({ where: { productId: sold.id } })).toBe(0);

    expect((await getProductGrid()).products.map((p) => p.id)).toEqual([other.id]);
    expect((await getProductGrid("rings")).products.map((p) => p.id)).toEqual([other.id]);
    expect(await getProductDetail(sold.id)).toBeNull();
    expect((await getProductDetail(other.id))?.related.map((p) => p.id)).toEqual([]);
    const found = await searchCatalog({
      q: "anillo",
      categoria: null,
      min: 0,
      max: 10_000,
      ofertas: false,
      orden: "nombre",
      pagina: 1,
    });
    expect(found.products.map((p) => p.id)).toEqual([other.id]);
    expect((await getSitemapProducts()).map((p) => p.id)).toEqual([other.id]);
    await expect(addToCart(shopper.id, { productId: sold.id, variantId: null, quantity: 1 })).rejects.toBeInstanceOf(
      CartError,
    );
    expect(await prisma.auditEntry.findFirst()).toMatchObject({ action: "product_archive", productId: sold.id });
  });
});

describe("returns", () => {
  async function soldOrder(status: "procesando" | "enviado" | "cancelado" | "entregado" = "entregado") {
    const { user: shopper } = await staffSession("customer");
    const { product, variant } = await createProductWithVariant(5, 3);
    const plain = await createProduct({ stock: 1 });
    const order = await createOrder({
      userId: shopper.id,
      status,
      items: [
        { productId: product.id, variantId: variant.id, quantity: 2 },
        { productId: plain.id, quantity: 1 },
      ],
    });
    return { product, variant, plain, order };
  }

  async function stocks(ids: { product: number; variant: number; plain: number }) {
    return {
      product: (await prisma.product.findUniqueOrThrow({ where: { id: ids.product } })).stock,
      variant: (await prisma.variant.findUniqueOrThrow({ where: { id: ids.variant } })).stock,
      plain: (await prisma.product.findUniqueOrThrow({ where: { id: ids.plain } })).stock,
    };
  }

  it("restores the stock of the order's items once, records who and sets devuelto", async () => {
    const { user, cookie } = await staffSession("worker", "devoluciones@example.test");
    const { product, variant, plain, order } = await soldOrder();
    const ids = { product: product.id, variant: variant.id, plain: plain.id };

    const first = await callAction(
      returnsAction,
      formRequest("/admin/devoluciones", { orderNumber: order.number.toLowerCase(), reason: "" }, { cookie }),
    );
    expect(first.status).toBe(302);
    expect(await stocks(ids)).toEqual({ product: 5, variant: 5, plain: 2 });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "devuelto" });
    expect(await prisma.return.findMany()).toEqual([
      expect.objectContaining({ orderId: order.id, adminId: user.id, reason: DEFAULT_RETURN_REASON }),
    ]);

    const second = await callAction(
      returnsAction,
      formRequest("/admin/devoluciones", { orderNumber: order.number }, { cookie }),
    );
    expect(second.status).toBe(409);
    expect(errorsOf(second).form?.[0]).toBe("Solo se puede devolver un pedido enviado o entregado, y una sola vez");
    expect(await stocks(ids)).toEqual({ product: 5, variant: 5, plain: 2 });
    expect(await prisma.return.count()).toBe(1);
  });

  it("processes two simultaneous attempts exactly once", async () => {
    const { user } = await staffSession("worker");
    const { user: other } = await staffSession("admin");
    const { product, variant, plain, order } = await soldOrder("enviado");
    const outcomes = await Promise.all([
      processReturn(user, { orderNumber: order.number, reason: "Talla equivocada" }),
      processReturn(other, { orderNumber: order.number, reason: "Talla equivocada" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "not_returnable" }]);
    expect(await stocks({ product: product.id, variant: variant.id, plain: plain.id })).toEqual({
      product: 5,
      variant: 5,
      plain: 2,
    });
    expect(await prisma.return.count()).toBe(1);
    expect(await prisma.auditEntry.count({ where: { action: "return" } })).toBe(1);
  });

  it("refuses an order that was never shipped, a cancelled one and unknown numbers, changing nothing", async () => {
    const { cookie } = await staffSession("worker");
    for (const status of ["procesando", "cancelado"] as const) {
      const { product, variant, plain, order } = await soldOrder(status);
      const before = await stocks({ product: product.id, variant: variant.id, plain: plain.id });
      const refused = await callAction(
        returnsAction,
        formRequest("/admin/devoluciones", { orderNumber: order.number }, { cookie }),
      );
      expect(refused.status, status).toBe(409);
      expect(errorsOf(refused).form).toEqual(["Solo se puede devolver un pedido enviado o entregado, y una sola vez"]);
      expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(status);
      expect(await stocks({ product: product.id, variant: variant.id, plain: plain.id })).toEqual(before);
    }
    const unknown = await callAction(
      returnsAction,
      formRequest("/admin/devoluciones", { orderNumber: "LJ999" }, { cookie }),
    );
    expect(unknown.status).toBe(404);
    expect(errorsOf(unknown)).toEqual({ orderNumber: ["No existe un pedido con ese número"] });
    expect(await prisma.return.count()).toBe(0);
  });
});

describe("roles", () => {
  async function setRole(cookie: string, userId: string, role: string) {
    return callAction(
      usersAction,
      formRequest("/admin/usuarios", { intent: "role", userId, role, _fetcher: "1" }, { cookie }),
    );
  }

  it("take effect at once; customer removes the role row", async () => {
    const { cookie } = await staffSession("admin");
    const worker = await staffSession("worker");
    expect((await callLoader(adminLoader, getRequest("/admin", worker.cookie))).status).toBe(200);

    expect(await setRole(cookie, worker.user.id, "customer")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await prisma.userRole.findUnique({ where: { userId: worker.user.id } })).toBeNull();
    expect((await callLoader(adminLoader, getRequest("/admin", worker.cookie))).status).toBe(403);

    expect((await setRole(cookie, worker.user.id, "admin")).status).toBe(200);
    expect(await prisma.userRole.findUnique({ where: { userId: worker.user.id } })).toMatchObject({ role: "admin" });
    expect(await prisma.auditEntry.findMany({ orderBy: { id: "asc" }, select: { before: true, after: true } })).toEqual(
      [
        { before: { role: "worker" }, after: { role: "customer" } },
        { before: { role: "customer" }, after: { role: "admin" } },
      ],
    );
  });

  it("never demote the last admin", async () => {
    const admin = await staffSession("admin");
    const refused = await setRole(admin.cookie, admin.user.id, "worker");
    expect(refused).toMatchObject({ status: 409, body: { ok: false, message: ROLE_MESSAGES.lastAdmin } });
    expect(await prisma.userRole.findUnique({ where: { userId: admin.user.id } })).toMatchObject({ role: "admin" });
    expect(await prisma.auditEntry.count()).toBe(0);

    // With a second admin, one may step down.
    const second = await staffSession("admin");
    expect((await setRole(admin.cookie, admin.user.id, "worker")).status).toBe(200);
    expect((await setRole(second.cookie, second.user.id, "customer")).status).toBe(409);
  });

  it("answer a forged role or user id with a 400 and change nothing", async () => {
    const { cookie } = await staffSession("admin");
    const worker = await staffSession("worker");
    expect((await setRole(cookie, worker.user.id, "superadmin")).status).toBe(400);
    expect((await setRole(cookie, "not-a-uuid", "admin")).status).toBe(400);
    expect((await setRole(cookie, crypto.randomUUID(), "admin")).status).toBe(404);
    expect(await prisma.userRole.findUnique({ where: { userId: worker.user.id } })).toMatchObject({ role: "worker" });
  });
});

/** A row form of the Pedidos tab, as its fetcher posts it. */
async function post(cookie: string, fields: Record<string, string>) {
  return callAction(ordersAction, formRequest("/admin/pedidos", { ...fields, _fetcher: "1" }, { cookie }));
}

describe("orders", () => {
  it("list newest first, filtered by status", async () => {
    const { cookie } = await staffSession("worker");
    const { user: shopper } = await staffSession("customer");
    const product = await createProduct();
    const old = await createOrder({
      userId: shopper.id,
      status: "enviado",
      createdAt: new Date("2026-01-01T00:00:00Z"),
      items: [{ productId: product.id, quantity: 1 }],
    });
    const recent = await createOrder({ userId: shopper.id, items: [{ productId: product.id, quantity: 1 }] });
    const all = await callLoader(ordersLoader, getRequest("/admin/pedidos", cookie));
    const numbers = (body: unknown) =>
      (body as { orders: { items: { number: string }[] } }).orders.items.map((o) => o.number);
    expect(numbers(all.body)).toEqual([recent.number, old.number]);
    const shipped = await callLoader(ordersLoader, getRequest("/admin/pedidos?estado=enviado", cookie));
    expect(numbers(shipped.body)).toEqual([old.number]);
  });

  it("change status only along the allowed transitions; shipping needs a carrier and a guide number", async () => {
    const { cookie } = await staffSession("worker");
    const { user: shopper } = await staffSession("customer");
    const product = await createProduct();
    const order = await createOrder({ userId: shopper.id, items: [{ productId: product.id, quantity: 1 }] });
    const orderId = String(order.id);

    expect((await post(cookie, { intent: "status", orderId, status: "entregado" })).status).toBe(409);
    expect((await post(cookie, { intent: "status", orderId, status: "devuelto" })).status).toBe(409);
    expect(await post(cookie, { intent: "status", orderId, status: "enviado" })).toMatchObject({
      status: 409,
      body: { ok: false, message: "Para enviar el pedido, registra la paquetería y el número de guía" },
    });
    expect((await post(cookie, { intent: "status", orderId, status: "perdido" })).status).toBe(400);

    const bad = await post(cookie, { intent: "ship", orderId, carrier: "dhl", trackingCode: "<b>1</b>" });
    expect(bad).toMatchObject({ status: 400, body: { ok: false, message: expect.stringMatching(/letras, números/) } });
    expect(await post(cookie, { intent: "ship", orderId, carrier: "dhl" })).toMatchObject({
      status: 400,
      body: { ok: false, message: TRACKING_MESSAGES.required },
    });
    expect((await post(cookie, { intent: "ship", orderId, carrier: "ups", trackingCode: "1" })).status).toBe(400);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("procesando");

    expect((await post(cookie, { intent: "ship", orderId, carrier: "dhl", trackingCode: " DHL 123-45 " })).status).toBe(
      200,
    );
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "enviado",
      carrier: "dhl",
      trackingCode: "DHL 123-45",
    });
    expect((await post(cookie, { intent: "ship", orderId, carrier: "dhl", trackingCode: "9" })).status).toBe(200);
    expect((await post(cookie, { intent: "tracking", orderId, carrier: "fedex", trackingCode: "FX-9" })).status).toBe(
      200,
    );
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "enviado",
      carrier: "fedex",
      trackingCode: "FX-9",
    });
    expect(
      await prisma.auditEntry.findMany({ orderBy: { id: "asc" }, select: { action: true, before: true, after: true } }),
    ).toEqual([
      {
        action: "status",
        before: { status: "procesando", carrier: null, trackingCode: null },
        after: { status: "enviado", carrier: "dhl", trackingCode: "DHL 123-45" },
      },
      {
        action: "tracking",
        before: { carrier: "dhl", trackingCode: "DHL 123-45" },
        after: { carrier: "fedex", trackingCode: "FX-9" },
      },
    ]);
  });
});

describe("an unpaid order in the Pedidos tab", () => {
  it("cannot be moved to procesando or shipped by a worker, only cancelled (its stock back)", async () => {
    const { cookie } = await staffSession("worker");
    const { user: shopper } = await staffSession("customer");
    const product = await createProduct({ stock: 4 });
    const order = await createOrder({
      userId: shopper.id,
      status: "pendiente",
      items: [{ productId: product.id, quantity: 2 }],
    });
    const orderId = String(order.id);
    for (const status of ["procesando", "enviado", "entregado", "reembolsado"]) {
      const refused = await post(cookie, { intent: "status", orderId, status });
      expect(refused, status).toMatchObject({ status: 409, body: { ok: false } });
    }
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "pendiente",
      paidAt: null,
    });
    expect(await prisma.auditEntry.count()).toBe(0);

    expect((await post(cookie, { intent: "status", orderId, status: "cancelado" })).status).toBe(200);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(6);
  });

  it("is refused by the database too, whoever writes it", async () => {
    const { user: shopper } = await staffSession("customer");
    const product = await createProduct();
    const order = await createOrder({
      userId: shopper.id,
      status: "pendiente",
      items: [{ productId: product.id, quantity: 1 }],
    });
    await expect(prisma.order.update({ where: { id: order.id }, data: { status: "procesando" } })).rejects.toThrow(
      /orders_paid_status_check/,
    );
    await expect(
      prisma.order.update({ where: { id: order.id }, data: { status: "enviado", paidAt: new Date() } }),
    ).rejects.toThrow(/may not go from pendiente to enviado/);
  });
});

describe("cancelling an order", () => {
  it("puts its pieces back in stock once, and never stock already released", async () => {
    const { cookie } = await staffSession("worker");
    const { user: shopper } = await staffSession("customer");
    const { product, variant } = await createProductWithVariant(5, 3);
    const plain = await createProduct({ stock: 5 });
    const order = await createOrder({
      userId: shopper.id,
      status: "pendiente",
      items: [
        { productId: product.id, variantId: variant.id, quantity: 2 },
        { productId: plain.id, quantity: 1 },
      ],
    });
    const cancel = (orderId: number) =>
      callAction(
        ordersAction,
        formRequest("/admin/pedidos", { intent: "status", orderId: String(orderId), status: "cancelado" }, { cookie }),
      );
    const stocks = async () => ({
      variant: (await prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock,
      // With variants, the product's stock is their sum.
      product: (await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock,
      plain: (await prisma.product.findUniqueOrThrow({ where: { id: plain.id } })).stock,
    });
    expect((await cancel(order.id)).status).toBe(302);
    expect(await stocks()).toEqual({ variant: 5, product: 5, plain: 6 });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).stockReleasedAt).toBeInstanceOf(Date);
    await cancel(order.id);
    expect(await stocks()).toEqual({ variant: 5, product: 5, plain: 6 });
  });
});
