// Where a request says it is going: its Host (and, from a proxy, X-Forwarded-Host and -Proto) and its
// target, checked before anything reads them (docs/decisions/029-host-headers-proxies-and-draining.md).
//
// The rendered-page cache once keyed pages on the raw Host while Remix rendered another address: a `#`
// in Host ("Host: tienda.mx#") or a path in X-Forwarded-Host filed a search page under `/`, and every
// anonymous visitor of the home page got it. Now a Host or X-Forwarded-Host that is not a bare
// `host[:port]` is a 400, and the cache's key is built from the very URL Remix renders (renderedUrl).

/** A host name (letters, digits, `-`, `_`, dots), an IPv4 address or a bracketed IPv6 one, and a port. */
const BARE_HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** Whether `value` is exactly `host[:port]`: nothing a URL parser could read as a path, query, fragment or user. */
export function isBareHost(value) {
  if (typeof value !== "string" || value.length > 255) return false;
  const match = BARE_HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

const MESSAGE = "La dirección solicitada no es válida.";

/**
 * What is wrong with the request's target, as the Spanish sentence of its 400, or null: exactly one
 * Host, a bare `host[:port]`; an X-Forwarded-Host, if any, the same (one value: a list, or the header
 * twice, which Node joins with commas, is refused); an X-Forwarded-Proto, if any, `http` or `https`;
 * and a path that starts with `/` (not `*` nor an absolute URL). Checked whether or not the connection
 * comes from a trusted proxy: no client of the shop sends anything else.
 * @param {import("express").Request} req
 */
export function requestTargetProblem(req) {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "host") hosts += 1;
  if (hosts !== 1 || !isBareHost(req.headers.host)) return MESSAGE;
  const forwardedHost = req.headers["x-forwarded-host"];
  if (forwardedHost !== undefined && !isBareHost(forwardedHost)) return MESSAGE;
  const forwardedProto = req.headers["x-forwarded-proto"];
  if (forwardedProto !== undefined && !/^https?$/i.test(forwardedProto)) return MESSAGE;
  if (!req.originalUrl.startsWith("/")) return MESSAGE;
  return null;
}

/**
 * The URL Remix renders for `req`, built exactly as `@remix-run/express`'s createRemixRequest builds it
 * (the host from `req.hostname`, which follows X-Forwarded-Host from a trusted proxy; the port from
 * X-Forwarded-Host, else Host; then `req.originalUrl`), so what the rendered-page cache keys on is the
 * page Remix renders. Throws on a URL that does not parse (answered 400).
 * @param {import("express").Request} req
 */
export function renderedUrl(req) {
  const portOf = (header) => Number.parseInt(req.get(header)?.split(":")[1] ?? "", 10);
  const port = [portOf("X-Forwarded-Host"), portOf("Host")].find((p) => Number.isSafeInteger(p));
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}
