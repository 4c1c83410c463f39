import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import readline from "node:readline";
import type { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart } from "~/models/cart.server";
import { claimExpiredReservation } from "~/models/order-views.server";
import { startCheckout } from "~/models/payment.server";
import { SWEEP_CLAIM_MS, sweepExpiredReservations } from "~/models/payment-settlement.server";
import { prisma } from "~/utils/db.server";
import { deliverEmail, deliverPendingEmails, EMAIL_CLAIM_MS, queueEmail } from "~/utils/email.server";
import { resetEnvCache } from "~/utils/env.server";
import { freePort } from "../../scripts/lib/database.mjs";
import { createProduct, createUser } from "../db-utils";
import { SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";
import { type Received, startSmtp, stopSmtp } from "./smtp-server";

/**
 * Background jobs on several instances (issue 24): two job loops run at once against one database, as
 * two app instances do, and the test counts what reached the outside world — the payment provider's
 * calls per session and the mail server's messages per e-mail. Each happens exactly once, and the work
 * an instance claimed before it died is taken over once its lease ends.
 *
 * Two ways to run the two instances: two loops in this process, sharing its connection pool (on the
 * PostgreSQL server they run on separate connections at the same time; on PGlite, one connection, their
 * statements interleave), and — on the PostgreSQL server only, PGlite serves one client — two worker
 * processes with a pool each (./job-loop-worker.ts).
 */

const payments = setUpPayments();

const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });

/**
 * A proxy between the shop and the payment simulator that records every API call (`METHOD path`),
 * so the test sees exactly what the provider was asked.
 */
async function countProviderCalls() {
  const calls: string[] = [];
  const target = new URL(payments.simulator.url);
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${new URL(req.url ?? "/", target).pathname}`);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetEnvCache();
  return {
    calls,
    async stop() {
      process.env.STRIPE_API_BASE = payments.simulator.url;
      resetEnvCache();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `count` shoppers who each pressed PAGAR for one piece of `product` and never paid. */
async function abandonedCheckouts(count: number, productId: number) {
  const orders: Array<{ id: number; sessionId: string }> = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser();
    await addToCart(user.id, { productId, variantId: null, quantity: 1 });
    const outcome = await startCheckout(request(), user, SHIPPING);
    if (!outcome.ok) throw new Error(`checkout refused: ${outcome.message}`);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: outcome.orderId } });
    orders.push({ id: order.id, sessionId: order.stripeSessionId! });
  }
  return orders;
}

const stockOf = async (productId: number) =>
  (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock;

/** The reservation has ended for the shop; the provider's sessions are still open. */
const afterReservations = () => new Date(Date.now() + 40 * 60_000);

/**
 * Runs two job loops side by side in this process, round after round (each run does at most a few
 * rows, as when an instance's run ends with work left), until a round finds nothing. Returns what each
 * loop did.
 */
async function twoInstances(run: () => Promise<number>): Promise<[number, number]> {
  let [doneA, doneB] = [0, 0];
  for (let round = 0; round < 100; round++) {
    const [a, b] = await Promise.all([run(), run()]);
    doneA += a;
    doneB += b;
    if (a + b === 0) return [doneA, doneB];
  }
  throw new Error("the job loops never ran out of work");
}

type Job = { name: "sweep"; at: Date } | { name: "email"; smtpUrl: string };

/** Two loops of `job` in this process (see `twoInstances`). */
function twoLoops(job: Job): Promise<[number, number]> {
  return twoInstances(() =>
    job.name === "sweep"
      ? sweepExpiredReservations(job.at, 3)
      : deliverPendingEmails({ smtpUrl: job.smtpUrl, limit: 3 }),
  );
}

const WORKER = new URL("./job-loop-worker.ts", import.meta.url).pathname;

/** Two worker processes running `job` against this test's database, started together. */
async function twoProcesses(job: Job): Promise<[number, number]> {
  const arg = job.name === "sweep" ? job.at.toISOString() : job.smtpUrl;
  const workers = [0, 1].map(() => {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER, job.name, arg], {
      env: process.env,
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = readline.createInterface({ input: child.stdout });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    /** The first line that passes `test`; fails if the worker exits first. */
    const line = (test: (line: string) => boolean) =>
      new Promise<string>((resolve, reject) => {
        lines.on("line", (text) => test(text) && resolve(text));
        void exited.then((code) => reject(new Error(`the ${job.name} worker exited (${code}) early`)));
      });
    return { child, line, exited };
  });
  await Promise.all(workers.map((w) => w.line((text) => text === "ready")));
  for (const { child } of workers) child.stdin.write("go\n");
  const results = await Promise.all(workers.map((w) => w.line((text) => text.startsWith('{"done"'))));
  expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  const [a, b] = results.map((text) => (JSON.parse(text) as { done: number }).done);
  return [a!, b!];
}

const INSTANCES = [
  { kind: "two loops in one process", run: twoLoops, skip: false },
  // PGlite's socket serves one client: a second process could not connect.
  { kind: "two processes", run: twoProcesses, skip: process.env.DATABASE_EMBEDDED === "1" },
];

describe("the reservation sweep on two instances", () => {
  let provider: Awaited<ReturnType<typeof countProviderCalls>>;
  beforeEach(async () => {
    // Every webhook is lost: the sweep alone settles the orders.
    payments.state.webhooksDown = true;
    provider = await countProviderCalls();
  });
  afterEach(async () => {
    await provider.stop();
  });

  for (const { kind, run, skip } of INSTANCES) {
    it.skipIf(skip)(
      `${kind}: calls the provider once per expired session and releases each order once, stock conserved`,
      async () => {
        const product = await createProduct({ name: "Anillo Compartido", stock: 40 });
        const orders = await abandonedCheckouts(20, product.id);
        expect(await stockOf(product.id)).toBe(20);
        provider.calls.length = 0;

        const [a, b] = await run({ name: "sweep", at: afterReservations() });

        expect(a + b).toBe(20); // every order looked at once, by one of the two
        expect(provider.calls.sort()).toEqual(
          orders.map((o) => `POST /v1/checkout/sessions/${o.sessionId}/expire`).sort(),
        );
        const settled = await prisma.order.findMany({ where: { id: { in: orders.map((o) => o.id) } } });
        expect(settled.every((o) => o.status === "cancelado" && o.stockReleasedAt !== null)).toBe(true);
        const changes = await prisma.auditEntry.groupBy({ by: ["orderId"], where: { action: "status" }, _count: true });
        expect(changes).toHaveLength(20);
        expect(changes.every((c) => c._count === 1)).toBe(true);
        expect(await stockOf(product.id)).toBe(40);
      },
      120_000,
    );
  }

  it("the two loops share the work", async () => {
    const product = await createProduct({ stock: 10 });
    await abandonedCheckouts(4, product.id);
    provider.calls.length = 0;
    // Both runs start at once and claim different orders (SKIP LOCKED), whatever the pool's size.
    const [a, b] = await Promise.all([1, 2].map(() => sweepExpiredReservations(afterReservations(), 1)));
    expect([a, b]).toEqual([1, 1]);
    expect(provider.calls).toHaveLength(2);
  });

  it("takes over an order whose claim ended (its instance died mid-work), and not before", async () => {
    const product = await createProduct({ stock: 5 });
    const [order] = await abandonedCheckouts(1, product.id);
    provider.calls.length = 0;
    const later = afterReservations();

    // One instance claims the order and dies before calling the provider.
    expect(await claimExpiredReservation(later, SWEEP_CLAIM_MS)).toEqual({
      id: order!.id,
      stripeSessionId: order!.sessionId,
    });
    expect(await sweepExpiredReservations(later)).toBe(0);
    expect(await sweepExpiredReservations(new Date(later.getTime() + SWEEP_CLAIM_MS - 1000))).toBe(0);
    expect(provider.calls).toEqual([]);
    expect(await stockOf(product.id)).toBe(4);

    // Its lease over, the next sweep (any instance) settles it.
    expect(await sweepExpiredReservations(new Date(later.getTime() + SWEEP_CLAIM_MS))).toBe(1);
    expect(provider.calls).toEqual([`POST /v1/checkout/sessions/${order!.sessionId}/expire`]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order!.id } })).status).toBe("cancelado");
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("the e-mail delivery on two instances", () => {
  let smtp: SMTPServer;
  let smtpUrl: string;
  let received: Received[];
  beforeEach(async () => {
    const port = await freePort();
    received = [];
    smtp = await startSmtp(port, received);
    smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await stopSmtp(smtp);
  });

  /** `count` e-mails waiting in the outbox, due now (their immediate send never started). */
  async function queued(count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = { to: `cliente${i}@example.test`, subject: `Pedido ${i}`, html: "<p>Hola</p>", text: "Hola" };
      ids.push((await queueEmail(prisma, { ...email, kind: "test" }, { smtpUrl })).id);
    }
    return ids;
  }

  it("sends each e-mail exactly once, with two delivery loops and immediate sends racing", async () => {
    const ids = await queued(20);

    // Two instances' delivery loops, and every e-mail's own immediate send (sendEmail's path), at once.
    const [loops, immediate] = await Promise.all([
      twoInstances(() => deliverPendingEmails({ smtpUrl, limit: 3 })),
      Promise.all(ids.map((id) => deliverEmail(id, smtpUrl))),
    ]);

    const sentByImmediate = immediate.filter((outcome) => outcome === "sent").length;
    expect(loops[0] + loops[1] + sentByImmediate).toBe(20);
    expect(immediate.every((outcome) => outcome === "sent" || outcome === "skipped")).toBe(true);
    expect(received.map((r) => r.subject).sort()).toEqual(ids.map((_, i) => `Pedido ${i}`).sort());
    const rows = await prisma.outboxEmail.findMany();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.lastError === null)).toBe(true);
  });

  for (const { kind, run, skip } of INSTANCES) {
    it.skipIf(skip)(
      `${kind}: the delivery loops alone share the outbox, each e-mail sent once`,
      async () => {
        await queued(20);
        const [a, b] = await run({ name: "email", smtpUrl });
        expect(a + b).toBe(20);
        expect(new Set(received.map((r) => r.subject)).size).toBe(20);
        expect(received).toHaveLength(20);
      },
      120_000,
    );
  }

  it("takes over an e-mail whose claim ended (its instance died mid-send), and not before", async () => {
    const [id] = await queued(1);
    const claimedAt = Date.now();
    // What a claim leaves behind: the e-mail still pending, its next attempt moved past the lease.
    await prisma.outboxEmail.update({ where: { id }, data: { nextAttemptAt: new Date(claimedAt + EMAIL_CLAIM_MS) } });

    expect(await deliverPendingEmails({ smtpUrl })).toBe(0);
    expect(await deliverEmail(id!, smtpUrl)).toBe("skipped");
    expect(received).toHaveLength(0);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(claimedAt + EMAIL_CLAIM_MS + 1000);
    expect(await deliverPendingEmails({ smtpUrl })).toBe(1);
    expect(received.map((r) => r.subject)).toEqual(["Pedido 0"]);
    expect(await prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "sent",
      attempts: 1,
    });
  });
});
