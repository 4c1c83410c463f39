import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { resetEnvCache } from "~/utils/env.server";
import { queuePixelPurchase } from "~/utils/flash.server";
import { resetDatabase } from "../db-utils";
import { send } from "./http-client";
import { startShopServer } from "./http-server";
import { getRequest, settle } from "./auth-helpers";

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

describe("the purchase event", () => {
  const saved = process.env.META_PIXEL_ID;
  beforeAll(() => {
    process.env.META_PIXEL_ID = "123456789012345";
    resetEnvCache();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.META_PIXEL_ID;
    else process.env.META_PIXEL_ID = saved;
    resetEnvCache();
  });
  beforeEach(async () => {
    await resetDatabase();
  });

  it("fires once on the next page with the order id, the total in pesos and MXN", async () => {
    const setCookie = await queuePixelPurchase(getRequest("/success"), { id: 42, total: 1_234_50 });
    const cookie = setCookie.split(";")[0]!;
    const first = await settle(() => rootLoader({ request: getRequest("/", cookie), params: {}, context: {} }));
    expect((first.body as { pixelEvent: string | null }).pixelEvent).toBe("Purchase:42:1234.50:MXN");
    // The root's answer consumes it: the next page (with the cookie it set) has no event.
    const next = first.headers.get("Set-Cookie")!.split(";")[0]!;
    const second = await settle(() => rootLoader({ request: getRequest("/", next), params: {}, context: {} }));
    expect((second.body as { pixelEvent: string | null }).pixelEvent).toBeNull();
  });
});
