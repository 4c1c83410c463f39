/**
 * Seeds the development catalogue (prisma/seed-data.ts): categories, products, variants, pictures,
 * the staff and customer accounts and a few reviews.
 *
 *   npm run db:seed                                   (embedded database, migrated first)
 *   DATABASE_URL=postgresql://… npx tsx prisma/seed.ts
 *   DATABASE_URL=postgresql://… node build/commands/seed.js [--demo]   (bundled by npm run build)
 *
 * `--demo` seeds a shop that is reachable by others (the container's SEED_DEMO_CATALOGUE=1): the
 * catalogue and its reviews only, without the staff accounts and the published passwords (the
 * reviewers' accounts get random passwords nobody knows).
 *
 * Only into an empty database (no product, order or account), and the development accounts never when
 * the shop runs for real (NODE_ENV=production or a public APP_ORIGIN): see ./seed-guard.ts. Every row
 * has a fixed id or natural key and fixed dates; everything is written in one transaction: a failed or
 * refused run changes nothing.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { PRODUCT_IMAGE_WIDTHS, variantPath } from "../app/lib/images.ts";
import { CATEGORY_SAT_KEYS, DEFAULT_SAT_PRODUCT_KEY } from "../app/lib/cfdi/product-keys.ts";
import { hashPassword } from "../app/utils/password.server.ts";
import {
  ALL_SEED_ACCOUNTS,
  CATEGORIES,
  PRODUCTS,
  REVIEWS,
  daysBefore,
  productImageRows,
  productRow,
  variantImageRows,
  variantRows,
} from "./seed-data.ts";
import { assertSeedAllowed, SeedRefused } from "./seed-guard.ts";

export type SeedSummary = {
  categories: number;
  products: number;
  variants: number;
  productImages: number;
  variantImages: number;
  accounts: number;
  reviews: number;
  ms: number;
};

/** Tables whose ids the seed sets explicitly: their sequences must move past the highest id. */
const SEQUENCED_TABLES = [
  "categories",
  "products",
  "product_variants",
  "product_images",
  "variant_images",
  "reviews",
] as const;

/**
 * The accounts a seed creates: all the development ones, or (demo) only the customers who wrote the
 * reviews, with passwords nobody knows.
 */
function seedAccounts(demo: boolean) {
  if (!demo) return ALL_SEED_ACCOUNTS;
  return ALL_SEED_ACCOUNTS.filter((account) => account.role === "customer").map((account) => ({
    ...account,
    password: crypto.randomBytes(24).toString("base64url"),
  }));
}

export async function seed(prisma: PrismaClient, { demo = false }: { demo?: boolean } = {}): Promise<SeedSummary> {
  const started = performance.now();
  await assertSeedAllowed(prisma, { demo });
  const accounts = seedAccounts(demo);
  const products = PRODUCTS.map(productRow);
  const variants = PRODUCTS.flatMap(variantRows);
  const productImages = PRODUCTS.flatMap(productImageRows);
  const variantImages = PRODUCTS.flatMap(variantImageRows);
  const productIds = products.map((p) => p.id);
  warnAboutMissingPictures(pictureUrls());

  // Accounts that already exist keep their password hash; only new ones are hashed, before the
  // transaction and in parallel, because argon2 is deliberately slow (~50 ms each).
  const emails = accounts.map((a) => a.email);
  const existing = await prisma.user.findMany({
    where: { email: { in: emails } },
    select: { id: true, email: true, name: true, role: { select: { role: true } } },
  });
  const existingByEmail = new Map(existing.map((u) => [u.email, u]));
  const newHashes = new Map(
    await Promise.all(
      accounts
        .filter((a) => !existingByEmail.has(a.email))
        .map(async (a) => [a.email, await hashPassword(a.password)] as const),
    ),
  );

  await prisma.$transaction(
    async (tx) => {
      // Again inside the transaction: nothing may have arrived while the passwords were hashed.
      await assertSeedAllowed(tx, { demo });
      // Rows missing are created in bulk; existing rows are updated only where they differ, so a
      // rerun costs a handful of queries and leaves every row (and its updated_at) untouched.
      const categories = [...CATEGORIES];
      const currentCategories = await tx.category.findMany({ where: { id: { in: categories.map((c) => c.id) } } });
      const categoryChanges = plan(categories, currentCategories);
      // A new category starts with its SAT product key; a rerun leaves the key staff may have edited.
      const categoryRows = categoryChanges.create.map((c) => ({ ...c, satProductKey: categorySatKey(c.slug) }));
      if (categoryRows.length) await tx.category.createMany({ data: categoryRows });
      for (const row of categoryChanges.update) await tx.category.update({ where: { id: row.id }, data: row });

      const productChanges = plan(products, await tx.product.findMany({ where: { id: { in: productIds } } }));
      if (productChanges.create.length) await tx.product.createMany({ data: productChanges.create });
      for (const row of productChanges.update) await tx.product.update({ where: { id: row.id }, data: row });

      // Variants the seed no longer defines go away; the others are updated in place so that
      // cart lines and orders pointing at them stay valid.
      const variantIds = variants.map((v) => v.id);
      await tx.variant.deleteMany({ where: { productId: { in: productIds }, id: { notIn: variantIds } } });
      const variantChanges = plan(variants, await tx.variant.findMany({ where: { id: { in: variantIds } } }));
      if (variantChanges.create.length) await tx.variant.createMany({ data: variantChanges.create });
      for (const row of variantChanges.update) await tx.variant.update({ where: { id: row.id }, data: row });

      // Pictures are replaced wholesale (also any row squatting on one of the fixed ids).
      await tx.productImage.deleteMany({
        where: { OR: [{ productId: { in: productIds } }, { id: { in: productImages.map((i) => i.id) } }] },
      });
      await tx.productImage.createMany({ data: productImages });
      await tx.variantImage.deleteMany({
        where: { OR: [{ variant: { productId: { in: productIds } } }, { id: { in: variantImages.map((i) => i.id) } }] },
      });
      await tx.variantImage.createMany({ data: variantImages });

      const userIds = new Map<string, string>();
      for (const account of accounts) {
        const found = existingByEmail.get(account.email);
        let userId: string;
        if (found) {
          userId = found.id;
          if (found.name !== account.name)
            await tx.user.update({ where: { id: userId }, data: { name: account.name } });
        } else {
          const createdAt = daysBefore(account.daysAgo);
          const passwordHash = newHashes.get(account.email);
          if (!passwordHash) throw new Error(`No password hash for ${account.email}`);
          ({ id: userId } = await tx.user.create({
            data: { email: account.email, name: account.name, passwordHash, createdAt, updatedAt: createdAt },
            select: { id: true },
          }));
        }
        userIds.set(account.email, userId);

        // Customers have no role row; staff have exactly theirs. Untouched when already right.
        const currentRole = found?.role?.role;
        if (account.role === "customer") {
          if (currentRole) await tx.userRole.deleteMany({ where: { userId } });
        } else if (currentRole !== account.role) {
          await tx.userRole.upsert({
            where: { userId },
            create: { userId, role: account.role, updatedAt: daysBefore(account.daysAgo) },
            update: { role: account.role },
          });
        }
      }

      const currentReviews = await tx.review.findMany({ where: { userId: { in: [...userIds.values()] } } });
      for (const review of REVIEWS) {
        const userId = userIds.get(review.email);
        const account = accounts.find((a) => a.email === review.email);
        if (!userId || !account) throw new Error(`Review by unknown account ${review.email}`);
        const data = {
          userName: account.name,
          rating: review.rating,
          comment: review.comment,
          createdAt: daysBefore(review.daysAgo, review.productId % 11),
        };
        const current = currentReviews.find((r) => r.userId === userId && r.productId === review.productId);
        if (!current) await tx.review.create({ data: { userId, productId: review.productId, ...data } });
        else if (differs(data, current)) await tx.review.update({ where: { id: current.id }, data });
      }

      // Explicit ids do not advance the sequences: move each past its table's highest id so
      // that rows created later by the app do not collide. Table names are constants.
      const setvals = SEQUENCED_TABLES.map(
        (t) =>
          `setval(pg_get_serial_sequence('"${t}"', 'id'), COALESCE((SELECT MAX("id") FROM "${t}"), 1), (SELECT MAX("id") FROM "${t}") IS NOT NULL)`,
      );
      await tx.$executeRawUnsafe(`SELECT ${setvals.join(", ")}`);
    },
    // The embedded database serves one connection: allow for queueing behind the app.
    { maxWait: 20_000, timeout: 60_000 },
  );

  return {
    categories: CATEGORIES.length,
    products: products.length,
    variants: variants.length,
    productImages: productImages.length,
    variantImages: variantImages.length,
    accounts: accounts.length,
    reviews: REVIEWS.length,
    ms: Math.round(performance.now() - started),
  };
}

/** Which seed rows are missing (to create) and which differ from the database (to update). */
const categorySatKey = (slug: string) => CATEGORY_SAT_KEYS[slug] ?? DEFAULT_SAT_PRODUCT_KEY;

function plan<T extends { id: number }>(rows: readonly T[], current: readonly { id: number }[]) {
  const byId = new Map(current.map((row) => [row.id, row]));
  return {
    create: rows.filter((row) => !byId.has(row.id)),
    update: rows.filter((row) => {
      const found = byId.get(row.id);
      return found !== undefined && differs(row, found);
    }),
  };
}

/** True when a field of `wanted` has another value in `current` (dates compared by time). */
function differs(wanted: object, current: object): boolean {
  const have = current as Record<string, unknown>;
  return Object.entries(wanted).some(([key, value]) => {
    const actual = have[key];
    if (value instanceof Date) return !(actual instanceof Date) || actual.getTime() !== value.getTime();
    return actual !== value;
  });
}

/** Every picture the seeded catalogue shows: products', variants' and gallery images. */
function pictureUrls(): string[] {
  return [
    ...PRODUCTS.map(productRow).map((p) => p.image),
    ...PRODUCTS.flatMap(variantRows).flatMap((v) => (v.image ? [v.image] : [])),
    ...PRODUCTS.flatMap(productImageRows).map((i) => i.url),
    ...PRODUCTS.flatMap(variantImageRows).map((i) => i.url),
  ];
}

/**
 * The pictures are committed renders (tools/render-products/render-products.mjs) with the WebP copies the pages
 * offer in `srcset` (app/lib/images.ts): say so if one is missing.
 */
function warnAboutMissingPictures(urls: string[]) {
  // The seed runs from the project's root (also bundled, as build/commands/seed.js).
  const publicDir = path.resolve("public");
  const files = [...new Set(urls)].flatMap((url) => [url, ...PRODUCT_IMAGE_WIDTHS.map((w) => variantPath(url, w))]);
  const missing = files.filter((file) => !fs.existsSync(`${publicDir}${file}`));
  if (missing.length > 0) {
    console.warn(
      `Warning: ${missing.length} product pictures are missing (e.g. ${missing[0]}); run npm run render:products`,
    );
  }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is not set (npm run db:seed sets it for the embedded database).");
    process.exit(1);
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 1 }) });
  try {
    const s = await seed(prisma, { demo: process.argv.includes("--demo") });
    console.log(
      `Seeded in ${(s.ms / 1000).toFixed(1)} s: ${s.categories} categories, ${s.products} products, ${s.variants} variants, ` +
        `${s.productImages} product images, ${s.variantImages} variant images, ${s.accounts} accounts, ${s.reviews} reviews.`,
    );
  } catch (error) {
    if (error instanceof SeedRefused) console.error(error.message);
    else console.error("Seeding failed:", error);
    process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
  }
}
