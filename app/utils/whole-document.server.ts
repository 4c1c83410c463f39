import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * A page rendered whole, then sent in one write (docs/decisions/043-pages-rendered-whole.md).
 *
 * No route of the shop defers data (no `defer`, no `<Await>`): by the time React renders, every loader
 * has finished, so the whole page is ready as soon as its shell is. Rendered whole, the page is one
 * `Buffer`, handed to the HTTP server beside a bodiless `Response` (wholePageResponse) and written with
 * one `res.end`, with a `Content-Length`. The page never carries a NUL byte (withoutNulBytes).
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
                resolve(endingInsideBody(withoutNulBytes(Buffer.concat(pieces))));
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

/**
 * The page without NUL bytes. React 18's server writer (development and production builds alike) puts
 * a NUL where a multi-byte character does not fit at the end of its 2,048-byte buffer (react#31134,
 * fixed upstream by react#26228 in no React 18 release): "Abrir men\0ú", which a browser shows as
 * "Abrir men�ú". Those NULs are extra bytes, so dropping them gives the page React meant; and a NUL
 * is never valid in HTML (a text holding one, e.g. a product name typed with one, loses it, as a
 * browser's parser drops it in text). One scan of the page; a copy only when there is one.
 */
export function withoutNulBytes(page: Buffer): Buffer {
  let at = page.indexOf(0);
  if (at === -1) return page;
  const pieces: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    pieces.push(page.subarray(from, at));
    from = at + 1;
    at = page.indexOf(0, from);
  }
  pieces.push(page.subarray(from));
  return Buffer.concat(pieces);
}

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * The page with what React wrote after `</html>` moved before `</body>`. Remix's single-fetch data
 * scripts render in a Suspense boundary that React writes after the document's end: "Stray start tag
 * script" for the HTML checker on every page (issue 37). A browser's parser puts that content at the
 * end of the body all the same, so the page hydrates exactly as before.
 */
export function endingInsideBody(page: Buffer): Buffer {
  const at = page.indexOf(DOCUMENT_END);
  if (at === -1 || at + DOCUMENT_END.length === page.length) return page;
  return Buffer.concat([page.subarray(0, at), page.subarray(at + DOCUMENT_END.length), DOCUMENT_END]);
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
