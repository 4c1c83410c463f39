// Remix's default document rendering (streamed from the shell), written out so the build needs
// nothing beyond the repository's own dependencies.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      onShellReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError: reject,
    });
    setTimeout(abort, 5_000);
  });
}

/**
 * The shop's HTTP server refuses a build without `shopEntry` (app/shop-entry.ts): the bare page's
 * does nothing of the shop's — no start-up, no checks, no page cache, every page streamed.
 */
export const shopEntry = {
  startUp() {
    throw new Error("the bench's bare page is served by tools/bench/serve-bare.mjs, without start-up");
  },
  checkRequest: () => null,
  renderedPages: () => ({ keyOf: () => null, answer: () => null, begin: () => () => {}, rendering: () => null }),
  assemblePersonalPage: async () => null,
  wholeBodyOf: () => undefined,
  prepareBuild: <Build,>(build: Build) => build,
};
