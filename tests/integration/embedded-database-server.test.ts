import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { servePglite } from "../../scripts/lib/pglite-wire.mjs";

/**
 * The embedded database's server (scripts/lib/pglite-wire.mjs, decision 073) with several clients on
 * PGlite's one backend: the shop's connection, the end-to-end tests' own, a seed or a staff command run
 * beside `npm start`. Its own PGlite here, so it runs on one pass only (scripts/test-integration.mjs).
 */

type Server = Awaited<ReturnType<typeof servePglite>>;

function message(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const parse = (text: string) => message("P", cstring(""), cstring(text), int16(0));
const bind = (values: string[]) =>
  message(
    "B",
    cstring(""),
    cstring(""),
    int16(0),
    int16(values.length),
    ...values.flatMap((v) => [int32(Buffer.byteLength(v)), Buffer.from(v)]),
    int16(0),
  );
const describePortal = () => message("D", Buffer.from("P"), cstring(""));
const execute = () => message("E", cstring(""), int32(0));
const sync = () => message("S");
const query = (text: string) => message("Q", cstring(text));

/** A client speaking the protocol by hand, so a test decides when each message leaves. */
async function rawClient(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.on("error", () => {});
  let received = Buffer.alloc(0);
  let wake = () => {};
  socket.on("data", (chunk) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  /** Everything up to and including the next ReadyForQuery. */
  async function untilReady(): Promise<Buffer> {
    for (;;) {
      for (let at = 0; at + 5 <= received.length; at += 1 + received.readInt32BE(at + 1)) {
        if (received[at] === 0x5a && at + 6 <= received.length) {
          const answer = received.subarray(0, at + 6);
          received = received.subarray(at + 6);
          return answer;
        }
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  const startup = Buffer.concat([
    int32(196608),
    cstring("user"),
    cstring("postgres"),
    cstring("database"),
    cstring("postgres"),
    Buffer.from([0]),
  ]);
  socket.write(Buffer.concat([int32(startup.length + 4), startup]));
  for (;;) {
    await new Promise<void>((resolve) => (received.length > 0 ? resolve() : (wake = resolve)));
    // AuthenticationCleartextPassword: answer it; anything else is the rest of the start-up.
    if (received[0] === 0x52 && received.length >= 9 && received.readInt32BE(5) === 3) {
      received = received.subarray(9);
      socket.write(message("p", cstring("postgres")));
    }
    break;
  }
  await untilReady();
  return { socket, closed, untilReady, received: () => received };
}

/** The text of the first column of the first row in an answer. */
function firstValue(answer: Buffer): string | null {
  for (let at = 0; at + 5 <= answer.length; at += 1 + answer.readInt32BE(at + 1)) {
    if (answer[at] === 0x44) return answer.subarray(at + 11, at + 11 + answer.readInt32BE(at + 7)).toString();
  }
  return null;
}

const clients: pg.Client[] = [];
async function pgClient(port: number, connect = true) {
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
  client.on("error", () => {});
  clients.push(client);
  if (connect) await client.connect();
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end().catch(() => {})));
});

describe("several clients on the embedded database", () => {
  let db: PGlite;
  let server: Server;
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
    await db.exec("CREATE TABLE piece (id int PRIMARY KEY)");
    server = await servePglite(db, { maxConnections: 8 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });
  afterEach(async () => {
    await db.exec("DELETE FROM piece");
  });

  it("a client whose Parse arrives apart from its Bind runs its own statement while another client queries", async () => {
    const split = await rawClient(server.port);
    split.socket.write(parse("SELECT $1::int AS a"));
    const other = await pgClient(server.port, false);
    const answered = other.connect().then(() => other.query("SELECT $1::int * 100 AS b", [7]));
    // The other client waits for the backend (pglite-socket let its Parse in, and the split client's
    // Bind then ran the other's statement: 500, silently).
    await expect.poll(() => server.stats().waiting).toBe(1);
    split.socket.write(Buffer.concat([bind(["5"]), describePortal(), execute(), sync()]));
    expect(firstValue(await split.untilReady())).toBe("5");
    expect((await answered).rows).toEqual([{ b: 700 }]);
    split.socket.destroy();
  });

  it("a transaction keeps the backend: another client's write waits for it and is not part of it", async () => {
    const a = await pgClient(server.port);
    const b = await pgClient(server.port);
    await a.query("BEGIN");
    await a.query("INSERT INTO piece VALUES (1)");
    const written = b.query("INSERT INTO piece VALUES (2)");
    await expect.poll(() => server.stats().waiting).toBe(1);
    await a.query("ROLLBACK");
    await written;
    expect((await a.query("SELECT id FROM piece ORDER BY id")).rows).toEqual([{ id: 2 }]);
  });

  it("a client that goes away in a transaction has it rolled back, and the next client goes on", async () => {
    const gone = await rawClient(server.port);
    gone.socket.write(query("BEGIN; INSERT INTO piece VALUES (3)"));
    await gone.untilReady();
    const b = await pgClient(server.port, false);
    const answered = b.connect().then(() => b.query("SELECT count(*)::int AS n FROM piece"));
    await expect.poll(() => server.stats().waiting).toBe(1);
    gone.socket.destroy();
    expect((await answered).rows).toEqual([{ n: 0 }]);
    await b.query("BEGIN");
    await b.query("INSERT INTO piece VALUES (4)");
    await b.query("COMMIT");
    expect((await b.query("SELECT id FROM piece")).rows).toEqual([{ id: 4 }]);
  });

  it("a client that goes away between a failed Parse and its Sync leaves nothing behind", async () => {
    const gone = await rawClient(server.port);
    // After an error the backend skips every message until a Sync: the next client's would be lost.
    gone.socket.write(parse("SELECT * FROM nowhere"));
    const b = await pgClient(server.port, false);
    const answered = b.connect().then(() => b.query("SELECT 1 + 1 AS two"));
    await expect.poll(() => server.stats().waiting).toBe(1);
    gone.socket.destroy();
    expect((await answered).rows).toEqual([{ two: 2 }]);
  });

  it("many clients at once each get their own answers", async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => pgClient(server.port)));
    const wrong: string[] = [];
    await Promise.all(
      all.map(async (client, k) => {
        for (let i = 0; i < 100; i++) {
          const values = Array.from({ length: k + 1 }, (_, j) => i + j);
          const text = `SELECT ${values.map((_, j) => `$${j + 1}::int`).join(" + ")} AS s, ${k} AS k`;
          const { rows } = await client.query(text, values);
          if (rows[0].k !== k || rows[0].s !== values.reduce((x, y) => x + y)) wrong.push(`${k}:${i}`);
        }
      }),
    );
    expect(wrong).toEqual([]);
  });
});

describe("limits of the embedded database's server", () => {
  let db: PGlite;
  let server: Server;
  const heard: string[] = [];
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
    await db.exec("CREATE TABLE piece (id int PRIMARY KEY)");
    server = await servePglite(db, { maxConnections: 2, holdLimitMs: 500, log: (m: string) => heard.push(m) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it("a transaction left idle past the limit is ended with a message, and the next client goes on", async () => {
    const idle = await rawClient(server.port);
    idle.socket.write(query("BEGIN; INSERT INTO piece VALUES (5)"));
    await idle.untilReady();
    const b = await pgClient(server.port);
    expect((await b.query("SELECT count(*)::int AS n FROM piece")).rows).toEqual([{ n: 0 }]);
    await idle.closed;
    expect(idle.received().toString("latin1")).toContain("held the embedded database 0.5 s without a message");
    expect(heard.some((m) => m.includes("a transaction left open?"))).toBe(true);
  });

  it("a client over the limit gets PostgreSQL's own refusal", async () => {
    await expect.poll(() => server.stats().clients).toBe(0); // the previous test's, gone
    await pgClient(server.port);
    await pgClient(server.port);
    const third = await pgClient(server.port, false);
    await expect(third.connect()).rejects.toThrow("sorry, too many clients already");
  });
});
