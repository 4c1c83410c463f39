import { SMTPServer } from "smtp-server";

/** One message as the test mail server received it. */
export type Received = { to: string; subject: string };

/**
 * A real SMTP server on `port` (no TLS, no authentication) that records every message it accepts in
 * `received`: the tests count what actually left the shop.
 */
export function startSmtp(port: number, received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), subject });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));
