// @ts-check
// Remix's Express adapter in the two halves the shop's server composes (server/app.mjs): the Fetch
// `Request` Remix handles, and the `Response` written back. `@remix-run/express` 2.17.5 has both but
// exports only the handler that joins them; these follow its code, with the URL the server already
// computed (server/request-target.mjs, the one the rendered-page cache keys on).
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";

/**
 * Node's header object as a Fetch `Headers`.
 * @param {import("node:http").IncomingHttpHeaders} nodeHeaders
 */
export function toHeaders(nodeHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/**
 * The request Remix handles for `req` at `url`; its signal aborts loaders and actions when the client
 * leaves before the answer is written.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {URL} url
 */
export function remixRequest(req, res, url) {
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  /** @type {RequestInit & { duplex?: "half" }} */
  const init = { method: req.method, headers: toHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * Writes Remix's `response` with `status` (the server may change it; then without the status text),
 * its body streamed as it comes; `body`, when given, is the whole page, written in one piece with its
 * Content-Length instead.
 * @param {import("express").Response} res
 * @param {Response} response
 * @param {number} status
 * @param {Buffer} [body]
 */
export async function sendResponse(res, response, status, body) {
  res.statusMessage = status === response.status ? response.statusText : "";
  res.status(status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (body) {
    // Set here: the compression middleware's `end` writes the head before Node could count the body
    // (compression replaces it when it compresses).
    res.set("Content-Length", String(body.length));
    res.end(body);
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
