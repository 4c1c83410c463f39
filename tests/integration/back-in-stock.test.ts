import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setProductStock, setVariantStock } from "~/models/admin-products.server";
import { afterCatalogChange } from "~/models/catalog-cache.server";
import {
  cancelStockAlert,
  kickStockAlerts,
  requestStockAlert,
  sendDueStockAlerts,
  waitingList,
} from "~/models/stock-alerts.server";
import { action as alertAction } from "~/routes/avisame";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { callAction, formRequest } from "./auth-helpers";

/** Back in stock (issue 37): one e-mail per request through the outbox, first asked first, exactly once. */

const staff = { id: null, email: "staff@example.test" };

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

let unhook: (() => void) | null = null;
afterEach(() => {
  unhook?.();
  unhook = null;
});

const alertsTo = (to?: string) =>
  prisma.outboxEmail.findMany({
    where: { kind: "back-in-stock", ...(to ? { to } : {}) },
    orderBy: { createdAt: "asc" },
  });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("back-in-stock alerts", () => {
  it("e-mails each subscriber once, in the order they asked, with the piece's link and an unsubscribe link", async () => {
    const ring = await createProduct({ name: "Anillo Alba", stock: 0 });
    for (const email of ["Primera@Example.test", "segunda@example.test", "tercera@example.test"]) {
      expect(await requestStockAlert({ productId: ring.id, variantId: null, email, userId: null })).toEqual({
        ok: true,
      });
    }
    // Asked twice while waiting: still one request, still first in line.
    await requestStockAlert({ productId: ring.id, variantId: null, email: "primera@example.test", userId: null });
    expect((await waitingList(ring.id)).map((w) => w.email)).toEqual([
      "primera@example.test",
      "segunda@example.test",
      "tercera@example.test",
    ]);
    expect(await sendDueStockAlerts()).toBe(0); // still sold out

    await setProductStock(staff, ring.id, 2);
    expect(await sendDueStockAlerts(1)).toBe(1);
    expect((await alertsTo()).map((e) => e.to)).toEqual(["primera@example.test"]);
    expect(await sendDueStockAlerts(1)).toBe(1);
    expect((await alertsTo("segunda@example.test")).length).toBe(1);
    expect(await sendDueStockAlerts()).toBe(1);
    expect(await sendDueStockAlerts()).toBe(0);
    expect(await alertsTo()).toHaveLength(3);
    expect(await waitingList(ring.id)).toEqual([]);

    const [email] = await alertsTo("tercera@example.test");
    expect(email!.subject).toContain("Anillo Alba");
    expect(email!.text).toContain(`/producto/${ring.id}`);
    const token = /avisame\/cancelar\?token=([\w-]+)/.exec(email!.text)?.[1];
    expect(token).toBeDefined();

    // Sold out and back again: only those who ask again are written to again.
    await setProductStock(staff, ring.id, 0);
    await requestStockAlert({ productId: ring.id, variantId: null, email: "segunda@example.test", userId: null });
    await setProductStock(staff, ring.id, 1);
    expect(await sendDueStockAlerts()).toBe(1);
    expect((await alertsTo("segunda@example.test")).length).toBe(2);
    expect(await cancelStockAlert(token!)).toBe(true);
    expect(await cancelStockAlert(token!)).toBe(false);
  });

  it("sends exactly once when two restocks race, and never for an archived piece", async () => {
    const ring = await createProduct({ name: "Anillo Carrera", stock: 0 });
    const archived = await createProduct({ name: "Anillo Archivado", stock: 0 });
    for (let i = 0; i < 20; i += 1) {
      await requestStockAlert({ productId: ring.id, variantId: null, email: `c${i}@example.test`, userId: null });
    }
    await requestStockAlert({ productId: archived.id, variantId: null, email: "a@example.test", userId: null });
    await prisma.product.update({ where: { id: archived.id }, data: { stock: 3, archivedAt: new Date() } });
    await prisma.product.update({ where: { id: ring.id }, data: { stock: 5 } });

    const sent = await Promise.all([sendDueStockAlerts(), sendDueStockAlerts(), sendDueStockAlerts()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(20);
    const emails = await alertsTo();
    expect(emails).toHaveLength(20);
    expect(new Set(emails.map((e) => e.to)).size).toBe(20);
    expect(await alertsTo("a@example.test")).toEqual([]);
  });

  it("waits on a size, and every committed restock starts the sweep (a variant's stock edit here)", async () => {
    unhook = afterCatalogChange(kickStockAlerts);
    const ring = await createProduct({ name: "Anillo Talla", stock: 0 });
    const [five, six] = await prisma.variant.createManyAndReturn({
      data: [
        { productId: ring.id, name: "Talla 5", size: "5", price: 1_000_00, stock: 0, sortOrder: 1 },
        { productId: ring.id, name: "Talla 6", size: "6", price: 1_000_00, stock: 1, sortOrder: 2 },
      ],
    });
    expect(
      await requestStockAlert({ productId: ring.id, variantId: six!.id, email: "x@example.test", userId: null }),
    ).toEqual({ ok: false, reason: "in_stock" });
    await requestStockAlert({ productId: ring.id, variantId: five!.id, email: "cinco@example.test", userId: null });
    expect(await sendDueStockAlerts()).toBe(0); // the piece has stock, but not the size 5
    await setVariantStock(staff, five!.id, 2);
    const emails = await waitFor(
      () => alertsTo("cinco@example.test"),
      (rows) => rows.length > 0,
    );
    expect(emails[0]!.subject).toContain("Talla 5");
  });

  it("takes a signed-in shopper's address with one click, and limits the public form", async () => {
    const ring = await createProduct({ name: "Anillo Uno", stock: 0 });
    const user = await createUser({ email: "cliente@example.test" });
    const { createUserSession } = await import("~/utils/session.server");
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    const signedIn = await callAction(alertAction, formRequest("/avisame", { productId: String(ring.id) }, { cookie }));
    expect(signedIn.status).toBe(200);
    expect((await waitingList(ring.id)).map((w) => w.email)).toEqual(["cliente@example.test"]);

    const anonymous = (fields: Record<string, string>) =>
      callAction(alertAction, formRequest("/avisame", fields), { clientAddress: "203.0.113.9" });
    expect((await anonymous({ productId: String(ring.id) })).status).toBe(400);
    expect((await anonymous({ productId: "abc", email: "x@example.test" })).status).toBe(400);
    expect((await anonymous({ productId: "999999", email: "x@example.test" })).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await anonymous({ productId: String(ring.id), email: `p${i}@example.test` })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBe(7); // 10 an hour per address, 3 used above
  });
});
