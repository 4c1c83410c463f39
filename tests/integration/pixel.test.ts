import { describe, expect, it } from "vitest";
import { send } from "./http-client";
import { startShopServer } from "./http-server";

const cspDirective = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? "";

describe("Content-Security-Policy and the advertising pixel", () => {
  it("allows the pixel's hosts only when META_PIXEL_ID is set", { timeout: 120_000 }, async () => {
    for (const pixelId of [null, "123456789012345"]) {
      const shop = await startShopServer(pixelId ? { META_PIXEL_ID: pixelId } : { META_PIXEL_ID: "" });
      try {
        const page = await send(shop.url, { path: "/" });
        expect(page.status).toBe(200);
        const csp = String(page.headers["content-security-policy"]);
        const scripts = cspDirective(csp, "script-src");
        const images = cspDirective(csp, "img-src");
        const connect = cspDirective(csp, "connect-src");
        if (pixelId) {
          expect(scripts).toContain("https://connect.facebook.net");
          expect(images).toContain("https://www.facebook.com");
          expect(connect).toContain("https://connect.facebook.net");
          expect(connect).toContain("https://www.facebook.com");
          expect(page.body).toContain("https://connect.facebook.net/en_US/fbevents.js");
          expect(page.body).toContain(`fbq('init',"${pixelId}")`);
        } else {
          expect(csp).not.toContain("facebook");
          expect(page.body).not.toContain("fbevents.js");
        }
      } finally {
        await shop.stop();
      }
    }
  });
});
