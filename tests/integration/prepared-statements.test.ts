import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { viewerOnProduct } from "~/models/review-eligibility.server";
import { eligibilityFromCounts } from "~/models/review.server";
import { getViewer, viewerOf } from "~/models/viewer.server";
import { readViewerRows } from "~/models/viewer-reads.server";
import { preparedStatement, prisma, readConnections, readRows } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder } from "./admin-fixtures";

/**
 * The reads every signed-in page makes are named prepared statements (db.server.ts, readRows):
 * parsed and planned once per connection. On PostgreSQL a statement belongs to its connection; on
 * the embedded PGlite every connection shares one backend, which keeps a dropped connection's
 * statements, so each connection names its own.
 */
let probes = 0;

/**
 * A statement of a name no connection has prepared yet, and a reader of it: the suffixes of the
 * connections that have prepared it (on PGlite, the dropped ones' too), and every statement name the
 * database lists.
 */
function newProbe() {
  const prefix = `probe${process.pid}x${(probes += 1)}`;
  const statement = preparedStatement(prefix, `SELECT "name" FROM pg_prepared_statements`);
  return async (): Promise<{ tags: string[]; names: string[] }> => {
    const names = (await readRows<{ name: string }>(statement, [])).map((row) => row.name);
    const tags = names.filter((name) => name.startsWith(`${prefix}_`)).map((name) => name.slice(prefix.length + 1));
    return { tags, names };
  };
}

// The products of the tests below need the categories (an earlier file may have emptied the database).
beforeAll(async () => {
  await resetDatabase();
  await createCategories();
});

const original = pg.Client.prototype.query;
afterEach(() => {
  pg.Client.prototype.query = original;
});

describe("prepared statements for the signed-in page's reads", () => {
  it("prepares the viewer's statement once on a connection, however many pages read it", async () => {
    const user = await createUser();
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    // One read after another takes the same idle connection back from the pool.
    for (let page = 0; page < 5; page += 1) {
      const viewer = await getViewer(new Request("http://localhost/cart", { headers: { Cookie: cookie } }));
      expect(viewer?.user.id).toBe(user.id);
    }
    const { tags, names } = await newProbe()();
    expect(tags).toHaveLength(1);
    expect(names).toContain(`viewers_${tags[0]}`);
  });

  it("prepares them afresh under new names on the connection that replaces a failed one", async () => {
    const probe = newProbe();
    const [first] = (await probe()).tags;
    // The next statement fails as if the database had gone away: the pool drops that connection.
    pg.Client.prototype.query = function (this: pg.Client) {
      pg.Client.prototype.query = original;
      return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
    } as typeof original;
    await expect(probe()).rejects.toThrow("Connection terminated unexpectedly");
    const { tags } = await probe();
    const replacement = tags.filter((tag) => tag !== first);
    expect(replacement).toHaveLength(1);
    // PGlite still holds the dropped connection's statement: the same name again would have failed.
    expect(tags.length).toBeLessThanOrEqual(2);
  });

  it("reads a product page's shopper and their review eligibility in one statement", async () => {
    const [ring, chain, other] = [
      await createProduct({ name: "Anillo Sol", stock: 5 }),
      await createProduct({ name: "Cadena Luna", stock: 5 }),
      await createProduct({ name: "Broche Río", stock: 5 }),
    ];
    const user = await createUser();
    const someoneElse = await createUser();
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    const request = () => new Request(`http://localhost/producto/${ring.id}`, { headers: { Cookie: cookie } });
    // Two lines in the cart: the statement returns a row for each, the counts must not double.
    for (const product of [chain, other])
      await prisma.cartItem.create({
        data: { userId: user.id, productId: product.id, lineKey: `${product.id}-base`, quantity: 1, price: 100 },
      });
    // The sale schedule the cart's prices need is the catalogue's cache, read once: read it first.
    await viewerOnProduct(request(), ring.id);
    let statements = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof original>) {
      statements += 1;
      return original.apply(this, args);
    } as typeof original;
    const first = await viewerOnProduct(request(), ring.id);
    expect(statements).toBe(1);
    expect(first.viewer?.user.id).toBe(user.id);
    expect(first.viewer?.cart.count).toBe(2);
    expect(first.eligibility).toBe("not-purchased");

    // Another shopper's purchase and review of it are not this shopper's; an unpaid order is no purchase.
    await createOrder({ userId: someoneElse.id, status: "entregado", items: [{ productId: ring.id, quantity: 1 }] });
    await prisma.review.create({
      data: { userId: someoneElse.id, userName: "Otra", productId: ring.id, rating: 4, comment: "Bonito." },
    });
    await createOrder({ userId: user.id, status: "pendiente", items: [{ productId: ring.id, quantity: 1 }] });
    expect((await viewerOnProduct(request(), ring.id)).eligibility).toBe("not-purchased");

    await createOrder({ userId: user.id, status: "entregado", items: [{ productId: ring.id, quantity: 2 }] });
    await createOrder({ userId: user.id, status: "enviado", items: [{ productId: ring.id, quantity: 1 }] });
    expect((await viewerOnProduct(request(), ring.id)).eligibility).toBe("can-review");
    await prisma.review.create({
      data: { userId: user.id, userName: "Yo", productId: ring.id, rating: 5, comment: "Precioso." },
    });
    expect((await viewerOnProduct(request(), ring.id)).eligibility).toBe("already-reviewed");
    // Bought and reviewed here only: another product's page says so for it.
    expect((await viewerOnProduct(request(), chain.id)).eligibility).toBe("not-purchased");

    const loggedOut = await viewerOnProduct(new Request(`http://localhost/producto/${ring.id}`), ring.id);
    expect(loggedOut).toEqual({ viewer: null, eligibility: null });
  });

  it("reads the shoppers of pages asked for together in one statement, each getting only their own (decision 070)", async () => {
    const ring = await createProduct({ name: "Anillo Alba", stock: 5 });
    const [ana, beto, caro] = [await createUser(), await createUser(), await createUser()];
    const sessionOf = async (id: string) => {
      await createUserSession(new Request("http://localhost/login"), id);
      return (await prisma.session.findFirstOrThrow({ where: { userId: id }, orderBy: { createdAt: "desc" } })).id;
    };
    await prisma.cartItem.create({
      data: { userId: beto.id, productId: ring.id, lineKey: `${ring.id}-base`, quantity: 3, price: 100 },
    });
    await createOrder({ userId: caro.id, status: "entregado", items: [{ productId: ring.id, quantity: 1 }] });
    // Caro's first device: its session expired.
    const expired = await sessionOf(caro.id);
    await prisma.session.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const sessions = { ana: await sessionOf(ana.id), beto: await sessionOf(beto.id), caro: await sessionOf(caro.id) };
    await viewerOf(await readViewerRows(sessions.beto)); // the sale schedule read once (see above)

    let statements = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof original>) {
      statements += 1;
      return original.apply(this, args);
    } as typeof original;
    const reads = await Promise.all([
      readViewerRows(sessions.ana),
      readViewerRows(sessions.beto, { productId: ring.id }),
      readViewerRows(sessions.caro, { productId: ring.id, ahead: true }),
      readViewerRows(expired, { productId: ring.id }),
      readViewerRows("no-such-session"),
      readViewerRows(sessions.beto),
      readViewerRows(sessions.caro),
    ]);
    // The first reads went alone, one on each connection of the reads (one on PGlite, three of the ten on a
    // server); the rest, asked for while they were on their way, went together.
    const connections = readConnections();
    expect(statements).toBe(Math.min(reads.length, connections) + (reads.length > connections ? 1 : 0));
    const [a, b, c, gone, none, bAgain, cAgain] = await Promise.all(reads.map((rows) => viewerOf(rows)));
    expect([a?.user.id, a?.cart.count]).toEqual([ana.id, 0]);
    expect([b?.user.id, b?.cart.count]).toEqual([beto.id, 3]);
    expect(eligibilityFromCounts(reads[1]![0]!)).toBe("not-purchased");
    expect([c?.user.id, c?.cart.count]).toEqual([caro.id, 0]);
    expect(eligibilityFromCounts(reads[2]![0]!)).toBe("can-review");
    expect(gone).toBeNull();
    expect(none).toBeNull();
    expect(bAgain?.cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[ring.id, 3]]);
    expect(reads[5]![0]).toMatchObject({ reviews: 0, orderItems: 0 });
    // Without a product, no counts: Caro's purchase is not looked at.
    expect(cAgain?.user.id).toBe(caro.id);
    expect(reads[6]![0]).toMatchObject({ reviews: 0, orderItems: 0 });
  });

  it("gives every read of a statement that failed its error, and reads the next ones afresh", async () => {
    const user = await createUser();
    await createUserSession(new Request("http://localhost/login"), user.id);
    const { id } = await prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    pg.Client.prototype.query = function (this: pg.Client) {
      pg.Client.prototype.query = original;
      return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
    } as typeof original;
    const results = await Promise.allSettled([readViewerRows(id), readViewerRows(id), readViewerRows(id)]);
    expect(results[0]).toMatchObject({ status: "rejected", reason: { message: "Connection terminated unexpectedly" } });
    // The others (together after it on PGlite, each on a connection of its own on a server) were read.
    expect(results.slice(1).map((result) => result.status === "fulfilled" && result.value[0]?.userId)).toEqual([
      user.id,
      user.id,
    ]);
  });
});
