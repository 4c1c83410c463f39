import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { endingInsideBody, renderWholePage, wholeBodyOf, wholePageResponse } from "./whole-document.server";

const quiet = { nonce: "n0nce", timeoutMs: 5_000, onError: () => {} };

/** A part that renders once `promise` settles (it suspends until then, as React 18 lets it). */
function Later({ promise }: { promise: Promise<string> }) {
  return <p>{readNow(promise)}</p>;
}

const settled = new WeakMap<Promise<string>, string>();
function readNow(promise: Promise<string>): string {
  if (settled.has(promise)) return settled.get(promise)!;
  throw promise.then((value) => void settled.set(promise, value));
}

describe("a page rendered whole", () => {
  it("ends with </html>: what React wrote after it (Remix's data scripts) goes before </body> (issue 37)", async () => {
    let arrive!: (value: string) => void;
    const promise = new Promise<string>((resolve) => (arrive = resolve));
    const rendering = renderWholePage(
      <html lang="es-MX">
        <head>
          <title>t</title>
        </head>
        <body>
          <p>página</p>
          <Suspense fallback={null}>
            <Later promise={promise} />
          </Suspense>
        </body>
      </html>,
      quiet,
    );
    setTimeout(() => arrive("datos"), 10);
    const html = (await rendering).toString("utf8");
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html.indexOf("datos")).toBeLessThan(html.indexOf("</body>"));
    const page = Buffer.from("<html><body><p>x</p></body></html><script>s()</script>");
    expect(endingInsideBody(page).toString()).toBe("<html><body><p>x</p><script>s()</script></body></html>");
    expect(endingInsideBody(Buffer.from("<p>fragmento</p>")).toString()).toBe("<p>fragmento</p>");
  });

  it("is one buffer holding the whole page, the suspended parts included, in UTF-8", async () => {
    let arrive!: (value: string) => void;
    const promise = new Promise<string>((resolve) => (arrive = resolve));
    const rendering = renderWholePage(
      <main>
        <h1>Anillo de oro — 18 k ✨</h1>
        <Suspense fallback={<p>cargando</p>}>
          <Later promise={promise} />
        </Suspense>
      </main>,
      quiet,
    );
    setTimeout(() => arrive("después"), 10);
    const html = (await rendering).toString("utf8");
    expect(html).toContain("<h1>Anillo de oro — 18 k ✨</h1>");
    expect(html).toContain("después");
  });

  it("leaves no timer behind once rendered, and gives what never came to the browser at the timeout", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const whole = await renderWholePage(<p>listo</p>, quiet);
      expect(whole.toString("utf8")).toBe("<p>listo</p>");
      expect(vi.getTimerCount()).toBe(0);

      const never = new Promise<string>(() => {});
      const stuck = renderWholePage(
        <Suspense fallback={<p>cargando</p>}>
          <Later promise={never} />
        </Suspense>,
        { ...quiet, timeoutMs: 1_000 },
      );
      // React starts rendering on the next turn (setImmediate, not faked); then only the timeout is left.
      await new Promise((resolve) => setImmediate(resolve));
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(1_000);
      const html = (await stuck).toString("utf8");
      expect(html).toContain("cargando");
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects when the shell itself fails, so Remix renders its error boundary", async () => {
    function Broken(): JSX.Element {
      throw new Error("roto");
    }
    await expect(renderWholePage(<Broken />, quiet)).rejects.toThrow("roto");
  });

  it("hands the HTTP server its bytes beside a bodiless Response; no other Response has any", () => {
    const body = Buffer.from("<p>hola</p>");
    const response = wholePageResponse(body, { status: 200, headers: new Headers({ "Content-Type": "text/html" }) });
    expect(response.body).toBeNull();
    expect(wholeBodyOf(response)).toBe(body);
    expect(wholeBodyOf(new Response("<p>hola</p>"))).toBeUndefined();
  });
});
