/**
 * Prisma CLI configuration: migrations run through the wasm schema engine and the
 * `@prisma/adapter-pg` driver adapter, so no native Prisma binary is ever needed
 * (see docs/decisions/002-prisma-without-native-engines.md for the six workarounds).
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";

const NAME_OID = 19;
const CHAR_OID = 18;
const TEXT_OID = 25;
const SHADOW_PREFIX = "prisma_migrate_shadow_db_";

type QueryResultLike = { fields?: { dataTypeID: number }[] };

/** (1) The adapter cannot deserialize catalog columns of type `name`/`"char"`: report them as text. */
function retypeFields<T>(result: T): T {
  const list = Array.isArray(result) ? result : [result];
  for (const r of list as QueryResultLike[]) {
    for (const field of r?.fields ?? []) {
      if (field.dataTypeID === NAME_OID || field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

/** (4) Shadow databases are dropped even while the engine still holds connections to them. */
function forceDrop(text: unknown): unknown {
  if (typeof text === "string" && text.startsWith(`DROP DATABASE "${SHADOW_PREFIX}`)) {
    return `${text} WITH (FORCE)`;
  }
  return text;
}

class MigrateClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const database = typeof config === "object" ? config.database : undefined;
    // (4) Connections to a force-dropped shadow database end with an error event: expected.
    if (database?.startsWith(SHADOW_PREFIX)) this.on("error", () => {});
  }

  // pg's overloads are too many to restate; forward everything and patch the results.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    if (typeof args[0] === "string") args[0] = forceDrop(args[0]);
    else if (args[0] && typeof args[0] === "object" && "text" in args[0]) {
      args[0] = { ...args[0], text: forceDrop(args[0].text) };
    }
    const callbackIndex = args.findIndex((a) => typeof a === "function");
    if (callbackIndex >= 0) {
      const callback = args[callbackIndex] as (err: Error | null, res: unknown) => void;
      args[callbackIndex] = (err: Error | null, res: unknown) => callback(err, err ? res : retypeFields(res));
      return super.query(...(args as [never]));
    }
    const result = super.query(...(args as [never])) as unknown;
    if (result && typeof (result as Promise<unknown>).then === "function") {
      return (result as Promise<unknown>).then(retypeFields);
    }
    return result;
  }
}

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

/** (5) Send a migration script as one simple-protocol query instead of splitting it on `;`. */
function wholeScripts(adapter: Adapter): Adapter {
  const queryable = adapter as unknown as {
    client: pg.Pool;
    onError(error: unknown): never;
  };
  adapter.executeScript = async (script: string) => {
    try {
      await queryable.client.query(script);
    } catch (error) {
      queryable.onError(error);
    }
  };
  return adapter;
}

class MigratePg extends PrismaPg {
  constructor(private readonly poolConfig: pg.PoolConfig) {
    super(poolConfig);
  }

  override async connect() {
    return wholeScripts(await super.connect());
  }

  override async connectToShadowDb() {
    const main = await this.connect();
    const database = `${SHADOW_PREFIX}${globalThis.crypto.randomUUID()}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = new MigratePg({ ...this.poolConfig, database });
    const adapter = await shadow.connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose().catch(() => {});
      await main.executeScript(`DROP DATABASE "${database}"`);
      await main.dispose();
    };
    return adapter;
  }
}

/** (2, 3) Discrete connection fields, never a Pool and never a connection string. */
function poolConfig(): pg.PoolConfig {
  const raw = process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
  const url = new URL(raw);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)) || "postgres",
    ssl: url.searchParams.get("sslmode") === "require" ? { rejectUnauthorized: false } : undefined,
    Client: MigrateClient,
    max: 1,
    // (6) Let the CLI exit as soon as it is done.
    allowExitOnIdle: true,
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  adapter: async () => new MigratePg(poolConfig()),
});
