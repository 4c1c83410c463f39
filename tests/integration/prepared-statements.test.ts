import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { getViewer } from "~/models/viewer.server";
import { preparedStatement, readRows } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createUser } from "../db-utils";

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
    expect(names).toContain(`viewer_${tags[0]}`);
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
});
