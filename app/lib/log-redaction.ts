/** Query parameters whose values never reach a log line: reset and unsubscribe tokens, payment sessions, e-mails. */
const SECRET_PARAMETER = /token|secret|password|session|code|key|sig|email/i;

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
