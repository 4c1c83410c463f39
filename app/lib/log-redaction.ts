/**
 * Query parameters whose values never reach a log line: reset and unsubscribe tokens, payment
 * sessions, e-mails, and the cancel page's key (`/cancel?pedido=…&clave=…`, which cancels the order).
 */
const SECRET_PARAMETER = /token|secret|password|session|code|key|sig|email|clave/i;

/**
 * A request's path and query as a log line may show them: the values of secret-looking parameters
 * become `***` (e.g. `/reset-password?token=***`), everything else stays as sent.
 */
export function redactUrlSecrets(pathAndQuery: string): string {
  const start = pathAndQuery.indexOf("?");
  if (start < 0) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(start + 1));
  let redacted = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAMETER.test(key)) continue;
    params.set(key, "***");
    redacted = true;
  }
  return redacted ? `${pathAndQuery.slice(0, start)}?${params.toString()}` : pathAndQuery;
}

/** `?name=value` or `&name=value` anywhere in a text, the value up to the next delimiter. */
const QUERY_VALUE = /([?&])([^=&?\s"'#\\]+)=([^&\s"'#\\<>]*)/g;

/**
 * The same masking for any text that may hold a URL (a whole log line: an error's message, a stack,
 * a URL some library logs): the values of secret-looking query parameters become `***`. The logger
 * runs every line through it (app/utils/logger.server.ts), so a secret never depends on each log
 * call remembering to redact.
 */
export function redactSecretsInText(text: string): string {
  if (!text.includes("=")) return text;
  return text.replace(QUERY_VALUE, (whole, mark: string, name: string, value: string) =>
    value === "" || value === "***" || !SECRET_PARAMETER.test(name) ? whole : `${mark}${name}=***`,
  );
}
