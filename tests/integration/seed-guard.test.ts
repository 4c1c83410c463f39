import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { seed } from "../../prisma/seed";
import { SeedRefused } from "../../prisma/seed-guard";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";

/**
 * Issue 32, items 1 and 2: demo data never touches a database with real data (`npm run seed:demo`,
 * `npm run db:seed`, build/commands/seed.js), and the development accounts with the README's published
 * passwords are never created when the shop runs for real.
 */

const run = promisify(execFile);
const COMMAND = path.resolve("build/commands/seed.js");

/** The built seed command (as `npm run seed:demo` and `npm run db:seed` run it) against the tests' database. */
async function seedCommand(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [COMMAND, ...args], {
      env: { ...process.env, ...env },
      timeout: 180_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string };
    return { code: failed.code ?? -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Everything the seed writes, to compare before and after a refused run. */
async function catalogue() {
  return {
    products: await prisma.product.findMany({ orderBy: { id: "asc" } }),
    variants: await prisma.variant.findMany({ orderBy: { id: "asc" } }),
    users: await prisma.user.findMany({ orderBy: { email: "asc" }, select: { email: true, passwordHash: true } }),
    reviews: await prisma.review.count(),
  };
}

beforeAll(() => {
  if (!existsSync(COMMAND)) throw new Error(`${COMMAND} is missing: run \`npm run build\` first`);
});

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

describe("demo data never touches a database with real data", () => {
  it("refuses the demo catalogue over a shop's own product, and changes nothing", async () => {
    // Id 1, as in the issue: the seed's "Anillo Solitario Aurora" would have replaced it.
    const own = await createProduct({ name: "Anillo de la Casa", stock: 2 });
    expect(own.id).toBe(1);
    const before = await catalogue();

    await expect(seed(prisma, { demo: true })).rejects.toThrow(SeedRefused);
    const result = await seedCommand(["--demo"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Refusing to seed: the database already holds 1 product, which the seed would overwrite or mix with. Nothing was changed.",
    );
    expect(result.stderr).toContain("npm run seed:demo");
    expect(result.stderr).toContain("PGLITE_DATA_DIR");
    expect(result.stderr).not.toMatch(/\n\s+at /); // the message, not a stack trace

    expect(await catalogue()).toEqual(before);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: 1 } })).name).toBe("Anillo de la Casa");
  });

  it("refuses the development seed (npm run db:seed) where accounts exist, even without products", async () => {
    await createUser({ email: "duena@joyeriaaurora.mx", role: "admin" });
    const before = await catalogue();
    const result = await seedCommand([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the database already holds 1 account");
    expect(await catalogue()).toEqual(before);
    expect(await prisma.user.count({ where: { email: "admin@joyeria.test" } })).toBe(0);
  });
});

describe("running for real", () => {
  it("never creates the development accounts, even in an empty database", async () => {
    for (const env of [
      { NODE_ENV: "production", APP_ORIGIN: "https://joyeriaaurora.mx" },
      { NODE_ENV: "development", APP_ORIGIN: "https://joyeriaaurora.mx" },
    ]) {
      const result = await seedCommand([], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Refusing to create the development accounts (admin@joyeria.test");
      expect(result.stderr).toContain("npm run create-admin");
    }
    expect(await prisma.user.count()).toBe(0);
    expect(await prisma.product.count()).toBe(0);
  });

  it("loads the demo catalogue into an empty database, without staff accounts; a second run is refused", async () => {
    const result = await seedCommand(["--demo"], { NODE_ENV: "production", APP_ORIGIN: "https://joyeriaaurora.mx" });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(await prisma.product.count()).toBeGreaterThan(40);
    expect(await prisma.userRole.count()).toBe(0);
    expect(await prisma.user.count({ where: { email: { in: ["admin@joyeria.test", "empleado@joyeria.test"] } } })).toBe(
      0,
    );

    const again = await seedCommand(["--demo"], { NODE_ENV: "production", APP_ORIGIN: "https://joyeriaaurora.mx" });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/the database already holds \d+ products and \d+ accounts/);
  });
});
