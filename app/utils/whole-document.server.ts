import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * A page rendered whole, then sent in one write (decision 024, third revision of 2026-11-26).
 *
 * No route of the shop defers data (no `defer`, no `<Await>`): by the time React renders, every loader
 * has finished, so the whole page is ready as soon as its shell is, a millisecond or two later.
 * Streaming it bought nothing and cost CPU: React's pieces went through a Node stream, a web
 * `ReadableStream` (built per page), Remix's adapter reading it back chunk by chunk and a chunked
 * response. Rendered whole, the page is one `Buffer`, handed to the HTTP server beside the `Response`
 * (whose body stays empty: a `Response` built on a buffer makes its own `ReadableStream` at once, 55 µs
 * a page) and written with one `res.end`, with a `Content-Length`. With the abort timer below cleared
 * too, a signed-in cart page's server CPU fell from 2.58 to 2.1 ms (−18 %).
 *
 * A route that starts deferring data should render as a stream again (its slow part would otherwise
 * hold back the whole page).
 */
export function renderWholePage(
  element: ReactNode,
  {
    nonce,
    timeoutMs,
    onShellReady,
    onError,
  }: { nonce: string; timeoutMs: number; onShellReady?: () => void; onError: (error: unknown) => void },
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let failed = false;
    let ready = false;
    let timeout: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        ready = true;
        clearTimeout(timeout);
        if (failed) return;
        const pieces: Buffer[] = [];
        // Not from inside the callback: when the timeout aborts the render, React calls it in the
        // middle of its abort, and piping there closed the render under its remaining tasks (React's
        // development build says so).
        queueMicrotask(() =>
          pipe(
            new Writable({
              write(piece: Uint8Array, _encoding, done) {
                pieces.push(
                  Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength),
                );
                done();
              },
              final(done) {
                resolve(Buffer.concat(pieces));
                done();
              },
              destroy(error, done) {
                if (error) reject(error);
                done(error);
              },
            }),
          ),
        );
      },
      onShellReady,
      onShellError(error: unknown) {
        failed = true;
        ready = true;
        clearTimeout(timeout);
        reject(error);
      },
      onError,
    });
    // What has not rendered by then (nothing should) is left to the browser; the timer goes with the
    // page: a timer left running held every page's render in memory for the whole delay.
    if (!ready) timeout = setTimeout(abort, timeoutMs);
  });
}

/** The bodies of the pages rendered whole, by their (bodiless) `Response`. */
const wholeBodies = new WeakMap<Response, Buffer>();

/** A `Response` for a page rendered whole: the HTTP server sends `body` (see wholeBodyOf). */
export function wholePageResponse(body: Buffer, init: { status: number; headers: Headers }): Response {
  const response = new Response(null, init);
  wholeBodies.set(response, body);
  return response;
}

/**
 * The body of a page rendered whole, for the HTTP server to send in one write; undefined for every
 * other response (data, resources, redirects), which Remix's adapter streams as before. A `HEAD`
 * request gets a new bodiless `Response` from Remix, so nothing here.
 */
export function wholeBodyOf(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}
