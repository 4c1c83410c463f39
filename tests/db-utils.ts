import crypto from "node:crypto";
import { prisma } from "~/utils/db.server";
import { forgetCatalogHere } from "~/models/catalog-cache.server";
import { hashPassword } from "~/utils/password.server";
import type { RoleName } from "~/lib/roles";

/** Every application table, children first. */
const TABLES = [
  "audit_log",
  "payment_events",
  "returns",
  "addresses",
  "order_items",
  "orders",
  "cart_items",
  "reviews",
  "variant_images",
  "product_images",
  "product_variants",
  "products",
  "search_terms",
  "categories",
  "password_reset_tokens",
  "sessions",
  "user_roles",
  "users",
  "interested_clients",
  "email_outbox",
  "rate_limits",
  "login_links",
  "uploaded_files",
  "credit_notes",
  "checkout_invoice_requests",
  "global_invoice_orders",
  "global_invoices",
  "invoices",
  "fiscal_profiles",
  "sale_events",
  "sale_event_categories",
  "sale_event_products",
  "shop_settings",
];

/**
 * Empties the database between tests (identity sequences restart too). A write the previous test set
 * off may still be finishing (a webhook's delivery, a job's turn): TRUNCATE then waits for its locks,
 * and when that write wants a table TRUNCATE already holds, PostgreSQL ends one of the two as a
 * deadlock. The write has ended by then, so emptying again succeeds.
 */
export async function resetDatabase() {
  const truncate = `TRUNCATE ${TABLES.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await prisma.$executeRawUnsafe(truncate);
      break;
    } catch (error) {
      const code = (error as { meta?: { driverAdapterError?: { cause?: { code?: string } } } }).meta?.driverAdapterError
        ?.cause?.code;
      if (code !== "40P01" || attempt === 3) throw error;
    }
  }
  // The cached grid and product pages described the old rows. Forgotten in this process only: a test's
  // shop server hears nothing from the fixtures on either database (see forgetCatalogHere).
  forgetCatalogHere("everything");
}

const CATEGORIES = [
  { id: 1, slug: "rings", name: "Anillos", sortOrder: 1 },
  { id: 2, slug: "necklaces", name: "Collares", sortOrder: 2 },
  { id: 3, slug: "bracelets", name: "Pulseras", sortOrder: 3 },
  { id: 4, slug: "earrings", name: "Pendientes", sortOrder: 4 },
];

export async function createCategories() {
  await prisma.category.createMany({ data: CATEGORIES, skipDuplicates: true });
  await prisma.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('"categories"', 'id'), 4)`);
}

type ProductInput = {
  name?: string;
  price?: number;
  originalPrice?: number | null;
  categoryId?: number;
  material?: string | null;
  description?: string;
  stock?: number;
  isNew?: boolean;
  isFeatured?: boolean;
  createdAt?: Date;
};

let productCounter = 0;

/** A product with sensible defaults; money in centavos. */
export async function createProduct(input: ProductInput = {}) {
  productCounter += 1;
  forgetCatalogHere("everything"); // as a staff write does here: the new product shows at once
  return prisma.product.create({
    data: {
      name: input.name ?? `Producto de prueba ${productCounter}`,
      description: input.description ?? "Una pieza de prueba hecha a mano.",
      material: input.material === undefined ? "Plata .925" : input.material,
      price: input.price ?? 1_000_00,
      originalPrice: input.originalPrice ?? null,
      image: "/images/products/placeholder.svg",
      categoryId: input.categoryId ?? 1,
      stock: input.stock ?? 10,
      inStock: true,
      isNew: input.isNew ?? false,
      isFeatured: input.isFeatured ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    },
  });
}

/** A user with a known password (default "secreto123") and, optionally, a role row. */
export async function createUser(
  input: { email?: string; name?: string | null; password?: string; role?: RoleName } = {},
) {
  const email = input.email ?? `usuario-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const user = await prisma.user.create({
    data: {
      email,
      name: input.name === undefined ? "Usuaria de Prueba" : input.name,
      passwordHash: await hashPassword(input.password ?? "secreto123"),
      ...(input.role && input.role !== "customer" ? { role: { create: { role: input.role } } } : {}),
    },
  });
  return user;
}
