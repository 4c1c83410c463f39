import net from "node:net";

/**
 * PGlite served over the PostgreSQL wire protocol to several clients at once (decision 073).
 *
 * PGlite is one backend: one session, one unnamed statement, one transaction. A client's exchange — a
 * Parse, Bind, Describe, Execute and Sync, or a whole transaction — must reach it without another
 * client's messages in between, or a Bind meets the other client's statement: it fails ("bind message
 * supplies 2 parameters, but prepared statement "" requires 4") or, with as many parameters, runs the
 * other client's statement with this one's values. pglite-socket (0.2) queued message by message, which
 * let that happen whenever a client's messages arrived in two TCP segments; it did, in CI.
 *
 * Here one client at a time owns the backend, from its first message until the backend says it is ready
 * for a new exchange outside any transaction (a ReadyForQuery with status `I`). Clients waiting for it
 * are served in turn. A client that goes away while it owns the backend has its exchange ended for it
 * (a Sync) and its transaction rolled back; one that owns it and sends nothing for `holdLimitMs` (an
 * open transaction left idle) is told so and disconnected, so nobody else waits on it for ever.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const READY_FOR_QUERY = 0x5a; // 'Z'
const TERMINATE = 0x58; // 'X'
const IDLE = 0x49; // 'I': ReadyForQuery's status outside a transaction
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const ROLLBACK = Buffer.concat([Buffer.from([0x51, 0, 0, 0, 13]), Buffer.from("ROLLBACK\0")]);

/** An ErrorResponse (FATAL) a client's driver reports as an ordinary database error. */
function fatal(code, message) {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const header = Buffer.alloc(5);
  header[0] = 0x45; // 'E'
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}

/**
 * Follows the backend's messages through the chunks of one answer and keeps the status of the last
 * ReadyForQuery, without copying the answer (a large result arrives in many chunks).
 */
function readyTracker() {
  const header = Buffer.alloc(5);
  let have = 0;
  let left = 0;
  let readingStatus = false;
  let status = null;
  return {
    feed(chunk) {
      let i = 0;
      while (i < chunk.length) {
        if (left > 0) {
          if (readingStatus) {
            status = chunk[i];
            readingStatus = false;
          }
          const n = Math.min(left, chunk.length - i);
          i += n;
          left -= n;
          continue;
        }
        header[have++] = chunk[i++];
        if (have === 5) {
          have = 0;
          left = header.readInt32BE(1) - 4;
          readingStatus = header[0] === READY_FOR_QUERY && left > 0;
        }
      }
    },
    /** The status of the last ReadyForQuery since the previous call, or null if none came. */
    take() {
      const last = status;
      status = null;
      return last;
    },
  };
}

/** The backend, owned by one client at a time; the others wait in turn. */
function createOwnership() {
  let owner = null;
  const waiting = [];
  return {
    owner: () => owner,
    acquire(client) {
      if (owner === client) return Promise.resolve();
      if (owner === null) {
        owner = client;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push({ client, resolve }));
    },
    release(client) {
      if (owner !== client) return;
      const next = waiting.shift();
      owner = next ? next.client : null;
      next?.resolve();
    },
    forget(client) {
      const index = waiting.findIndex((w) => w.client === client);
      if (index >= 0) waiting.splice(index, 1);
    },
    waiting: () => waiting.length,
  };
}

/**
 * Serves `db` on `host`:`port` (0: a free port). `log(message)` hears of clients refused or
 * disconnected. Resolves once listening, with the port and `close()`.
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {{ host?: string, port?: number, maxConnections?: number, holdLimitMs?: number, log?: (message: string) => void }} options
 */
export async function servePglite(
  db,
  { host = "127.0.0.1", port = 0, maxConnections = 4, holdLimitMs = 60_000, log = () => {} } = {},
) {
  const ownership = createOwnership();
  const clients = new Set();
  /** What clients that went away left to end on the backend (awaited before `close` resolves). */
  const closings = new Set();
  let nextId = 1;

  /** Runs one message on the backend; resolves with the last ReadyForQuery status of its answer, or null. */
  async function execute(message, onData) {
    const tracker = readyTracker();
    await db.runExclusive(() =>
      db.execProtocolRawStream(message, {
        onRawData: (chunk) => {
          tracker.feed(chunk);
          onData(chunk);
        },
      }),
    );
    return tracker.take();
  }

  function serveClient(socket) {
    const client = { id: nextId++, socket };
    let buffer = Buffer.alloc(0);
    let started = false;
    let closed = false;
    /** Told it is disconnected: nothing more it sends runs. */
    let ending = false;
    /** Whether the backend is mid-exchange for this client (it owns it and no idle ReadyForQuery came). */
    let inExchange = false;
    let holdTimer = null;
    clients.add(client);
    socket.setNoDelay(true);
    const send = (chunk) => {
      if (!closed && socket.writable) socket.write(chunk);
    };

    const clearHold = () => void (holdTimer && clearTimeout(holdTimer));

    function holdWatch() {
      clearHold();
      holdTimer = setTimeout(() => {
        log(
          `client #${client.id} held the embedded database ${holdLimitMs / 1000} s without a message ` +
            `(a transaction left open?): disconnected, its transaction rolled back`,
        );
        const reason = fatal(
          "25P03",
          `terminating connection: it held the embedded database ${holdLimitMs / 1000} s without a message, ` +
            "and the embedded database serves one client at a time",
        );
        // The error first, then the connection (closing at once could drop it unsent).
        ending = true;
        if (socket.writable) socket.end(reason, () => socket.destroy());
        else socket.destroy();
      }, holdLimitMs);
      holdTimer.unref();
    }

    /** The next whole message in `buffer`, or null. Before the startup message, messages have no type byte. */
    function nextMessage() {
      const offset = started ? 1 : 0;
      if (buffer.length < offset + 4) return null;
      const length = offset + buffer.readInt32BE(offset);
      if (length < offset + 4) throw new Error("malformed message length");
      if (buffer.length < length) return null;
      const message = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      return message;
    }

    /** Handles what comes before the startup message; returns true when `message` was one of those. */
    function beforeStartup(message) {
      const code = message.length >= 8 ? message.readInt32BE(4) : 0;
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        send(Buffer.from("N"));
        return true;
      }
      if (code === CANCEL_REQUEST) {
        socket.end();
        return true;
      }
      if (code !== PROTOCOL_3) throw new Error(`unsupported protocol ${code}`);
      started = true;
      return false;
    }

    /** Runs the client's whole messages in order; `running` settles when none is left. */
    let running = Promise.resolve();
    let pumping = false;
    function pump() {
      if (pumping) return;
      pumping = true;
      running = (async () => {
        try {
          for (let message = nextMessage(); message && !closed && !ending; message = nextMessage()) {
            if (!started && beforeStartup(message)) continue;
            if (started && message[0] === TERMINATE) {
              socket.destroy();
              return;
            }
            clearHold();
            await ownership.acquire(client);
            if (closed) return;
            inExchange = true;
            if ((await execute(message, send)) === IDLE) {
              inExchange = false;
              ownership.release(client);
            } else if (!closed) {
              holdWatch();
            }
          }
        } catch (error) {
          log(`client #${client.id}: ${error instanceof Error ? error.message : String(error)}`);
          socket.destroy();
        } finally {
          pumping = false;
        }
      })();
    }

    /** Ends what a client that went away left on the backend, then lets the next client in. */
    async function closeClient() {
      if (closed) return;
      closed = true;
      clearHold();
      clients.delete(client);
      ownership.forget(client);
      if (ownership.owner() !== client) return;
      await running; // a message still running on its behalf
      try {
        if (inExchange) {
          const ignore = () => {};
          if ((await execute(SYNC, ignore)) !== IDLE) await execute(ROLLBACK, ignore);
        }
      } catch (error) {
        log(`client #${client.id}: ending its exchange failed: ${error instanceof Error ? error.message : error}`);
      } finally {
        ownership.release(client);
      }
    }

    socket.on("data", (chunk) => {
      if (ending) return;
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      pump();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      const closing = closeClient();
      closings.add(closing);
      void closing.finally(() => closings.delete(closing));
    });
  }

  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    if (clients.size >= maxConnections) {
      log(`refused a client: ${maxConnections} are connected (PGLITE_MAX_CONNECTIONS)`);
      socket.on("error", () => {});
      socket.end(fatal("53300", "sorry, too many clients already"), () => socket.destroy());
      return;
    }
    serveClient(socket);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    /** Clients connected, and those waiting for the backend. */
    stats: () => ({ clients: clients.size, waiting: ownership.waiting() }),
    /** Disconnects every client, ends what they left on the backend, and stops listening. */
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
      await Promise.all([...closings]);
    },
  };
}
