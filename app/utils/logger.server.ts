import { remember } from "@epic-web/remember";
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { redactSecretsInText } from "~/lib/log-redaction";
import { getLogSettings, type LogSettings } from "./env.server";

/**
 * The shop's one logger (pino): one JSON object per line with `level`, `time` and `msg`, plus the
 * request id (`reqId`) and the signed-in user (`userId`) of the request being served, so every line a
 * request causes — its access line, a failed payment, a swallowed error — can be found by the id the
 * shopper sees on the error page and in the `X-Request-Id` header. `LOG_FORMAT=pretty` prints one
 * readable line per entry instead, for a terminal.
 *
 * Lines below `error` go to standard output, `error` and `fatal` to standard error (as `console.error`
 * did), so a test runner or a supervisor that only shows standard error still shows the failures.
 */

export type RequestContext = { id: string; userId?: string };

const requests = remember("request-context", () => new AsyncLocalStorage<RequestContext>());

/** Runs `fn` (and everything it awaits) as part of the request `context`. */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requests.run(context, fn);
}

/** The request being served, when there is one. */
export function currentRequest(): RequestContext | undefined {
  return requests.getStore();
}

/** Records who is signed in for the request being served (its log lines carry the id). */
export function noteRequestUser(userId: string): void {
  const context = requests.getStore();
  if (context) context.userId = userId;
}

export function createLogger(settings: LogSettings = getLogSettings()): Logger {
  const options: pino.LoggerOptions = {
    level: settings.LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: pino.stdSerializers.err },
    // Secret query values (reset tokens, the cancel key…) masked in every line, whatever logged them.
    hooks: { streamWrite: redactSecretsInText },
    mixin() {
      const context = requests.getStore();
      if (!context) return {};
      return context.userId ? { reqId: context.id, userId: context.userId } : { reqId: context.id };
    },
  };
  if (settings.LOG_FORMAT === "pretty") return pino(options, prettyStream());
  return pino(
    options,
    pino.multistream(
      [
        { level: "trace", stream: pino.destination({ dest: 1, sync: true }) },
        { level: "error", stream: pino.destination({ dest: 2, sync: true }) },
      ],
      { dedupe: true },
    ),
  );
}

/**
 * One line per entry: time, level, the message (a request reads `GET /cart 200 12 ms`, a job run
 * `job run prune-rate-limits 8 ms`), then the other fields.
 */
function prettyStream() {
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss",
    singleLine: true,
    sync: true,
    ignore: "method,path,status,durationMs,job",
    messageFormat: (log, messageKey) => {
      const took = typeof log.durationMs === "number" ? ` ${log.durationMs} ms` : "";
      if (typeof log.method === "string" && typeof log.status === "number") {
        return `${log.method} ${String(log.path)} ${log.status}${took}`;
      }
      const job = typeof log.job === "string" ? ` ${log.job}` : "";
      return `${String(log[messageKey] ?? "")}${job}${took}`;
    },
  });
}

/** The process's logger, created on first use (and kept across development rebuilds). */
export const logger: Logger = remember("logger", () => createLogger());
