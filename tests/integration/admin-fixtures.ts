import type { RoleName } from "~/lib/roles";
import { type OrderStatusName, PAID_STATUSES } from "~/lib/order-status";
import { prisma } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createProduct, createUser } from "../db-utils";
import { loginOverHttp } from "./http-client";

/** A logged-in user of `role` and the cookie pair of their session. */
export async function staffSession(role: RoleName, email = `${role}-${crypto.randomUUID().slice(0, 6)}@example.test`) {
  const user = await createUser({ email, role });
  const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
  return { user, cookie };
}

/**
 * Logs in over HTTP on the shop server at `baseUrl` as a new user of `role`: the server's own session
 * cookie (its production name and flags), as a browser keeps it, for any server with the same secret.
 */
export async function httpLoginCookie(baseUrl: string, role: RoleName = "customer"): Promise<string> {
  const email = `http-${role}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await createUser({ email, role });
  return loginOverHttp(baseUrl, email);
}

let orderCounter = 0;

/**
 * An order written straight to the database, as checkout would leave it: its items (frozen
 * names and prices) and its address. `items` name products and, optionally, variants. An order in a
 * paid status is paid, a cancelled or returned one has given its stock back (as the lifecycle leaves
 * them; the database checks both).
 */
export async function createOrder(input: {
  userId: string;
  status?: OrderStatusName;
  items: { productId: number; variantId?: number | null; quantity: number; price?: number }[];
  stockReleasedAt?: Date | null;
  paidAt?: Date | null;
  createdAt?: Date;
}) {
  orderCounter += 1;
  const status = input.status ?? "procesando";
  const released = status === "cancelado" || status === "devuelto" ? new Date() : null;
  const subtotal = input.items.reduce((sum, item) => sum + (item.price ?? 1_000_00) * item.quantity, 0);
  return prisma.order.create({
    data: {
      number: `LJ${String(100000 + orderCounter)}`,
      userId: input.userId,
      email: "cliente@example.test",
      status,
      subtotal,
      shipping: 15_00,
      tax: 0,
      total: subtotal + 15_00,
      stockReleasedAt: input.stockReleasedAt === undefined ? released : input.stockReleasedAt,
      paidAt: input.paidAt === undefined ? (PAID_STATUSES.includes(status) ? new Date() : null) : input.paidAt,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      items: {
        create: input.items.map((item) => ({
          productId: item.productId,
          variantId: item.variantId ?? null,
          quantity: item.quantity,
          price: item.price ?? 1_000_00,
          productName: "Pieza vendida",
        })),
      },
      address: {
        create: {
          userId: input.userId,
          name: "Ana López",
          phone: "5512345678",
          addressLine1: "Roma Norte",
          addressLine2: "Calle Durango 12",
          city: "Ciudad de México",
          state: "CDMX",
          postalCode: "06700",
        },
      },
    },
  });
}

/** A product with one variant, both with stock. */
export async function createProductWithVariant(stock = 5, variantStock = 3) {
  const product = await createProduct({ stock });
  const variant = await prisma.variant.create({
    data: { productId: product.id, name: "Talla 6", size: "6", price: product.price, stock: variantStock },
  });
  return { product, variant };
}

/** Everything an admin write may touch, to compare before and after a refused request. */
export async function adminSnapshot() {
  const [products, variants, orders, returns, roles, audit, users] = await Promise.all([
    prisma.product.findMany({ orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    prisma.variant.findMany({ orderBy: { id: "asc" } }),
    prisma.order.findMany({ orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    prisma.return.count(),
    prisma.userRole.findMany({ orderBy: { userId: "asc" }, omit: { updatedAt: true } }),
    prisma.auditEntry.count(),
    prisma.user.count(),
  ]);
  return { products, variants, orders, returns, roles, audit, users };
}

/** A stamped invoice row of `orderId` (no PAC involved), for the screens that list or show one. */
export function stampedInvoiceRow(orderId: number, series: string) {
  return prisma.invoice.create({
    data: {
      orderId,
      status: "emitida",
      series,
      uuid: "5FB2822E-396A-4E4B-8F5C-2B4E1C9E7A31",
      rfc: "EKU9003173C9",
      name: "ESCUELA KEMPER URGATE",
      regimen: "601",
      zip: "42501",
      uso: "G03",
      email: "compras@kemper.example",
      formaPago: "04",
      metodoPago: "PUE",
      subtotal: 100,
      discount: 0,
      tax: 16,
      total: 116,
    },
  });
}
