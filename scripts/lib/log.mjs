/**
 * Start-up messages of the scripts that run the shop (scripts/start.mjs), in the shop's log format:
 * a JSON line like the server's (`level`, `time`, `msg`) or, in a terminal, the plain line.
 * LOG_FORMAT chooses (`json` or `pretty`); unset, a terminal gets `pretty` and anything else `json`.
 */
export const logFormat = process.env.LOG_FORMAT || (process.stdout.isTTY ? "pretty" : "json");

/** @param {"info" | "warn" | "error" | "fatal"} level @param {string} message */
export function log(level, message) {
  const stream = level === "error" || level === "fatal" ? process.stderr : process.stdout;
  if (logFormat === "json") {
    stream.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message })}\n`);
  } else {
    stream.write(`${level === "info" ? "▸" : "✘"} ${message}\n`);
  }
}
