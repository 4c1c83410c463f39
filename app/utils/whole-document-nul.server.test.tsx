import { spawnSync } from "node:child_process";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { nulBytePage as page } from "../../tests/nul-byte-page";
import { renderWholePage } from "./whole-document.server";

/**
 * React 18's server writer puts a NUL byte where a multi-byte character meets the end of its 2 KB
 * buffer (react#31134): "Abrir men\0ú" on product pages. The page rendered whole never carries one,
 * in React's development build (the one Vitest and `npm run dev` load) and in its production build
 * (the server's), whatever is installed: the renderer drops them.
 */
const quiet = { nonce: "n0nce", timeoutMs: 5_000, onError: () => {} };

describe("a page rendered whole never carries a NUL byte", () => {
  it("in React's development build: the page renderToString writes, at every alignment", async () => {
    for (let shift = 0; shift < 16; shift += 1) {
      const html = (await renderWholePage(page(shift), quiet)).toString("utf8");
      expect(html, `shift ${shift}`).not.toContain("\0");
      expect(html, `shift ${shift}`).toBe(renderToString(page(shift)));
    }
  });

  it("drops a NUL the page's own text holds (a product name typed with one)", async () => {
    const html = (await renderWholePage(page(0, "Anillo\0 de oro"), quiet)).toString("utf8");
    expect(html).not.toContain("\0");
    expect(html).toContain("<h1>Anillo de oro</h1>");
  });

  it("in React's production build, the one the shop's server loads", () => {
    // A process of its own: Vitest loads React's development build; NODE_ENV=production selects the other.
    const script = `
      const { renderWholePage } = await import(${JSON.stringify(path.join(import.meta.dirname, "whole-document.server.ts"))});
      const { nulBytePage: page } = await import(${JSON.stringify(path.join(import.meta.dirname, "../../tests/nul-byte-page.ts"))});
      const { renderToString } = await import("react-dom/server");
      const quiet = { nonce: "n", timeoutMs: 5000, onError() {} };
      const wrong = [];
      for (let shift = 0; shift < 16; shift += 1) {
        const html = (await renderWholePage(page(shift), quiet)).toString("utf8");
        if (html.includes("\\0") || html !== renderToString(page(shift))) wrong.push(shift);
      }
      console.log(JSON.stringify({ production: process.env.NODE_ENV, wrong }));
    `;
    const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, NODE_ENV: "production", VITEST: "" },
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout.trim().split("\n").at(-1)!)).toEqual({ production: "production", wrong: [] });
  });
});
