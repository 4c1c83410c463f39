import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isTrackingParam, TRACKING_PARAMS } from "~/lib/page-params";
import { hasShopCookie } from "~/utils/shop-cookies.server";

/**
 * deploy/varnish/default.vcl repeats two rules of the shop in VCL (decision 049): which query parameters
 * are ad-click ids or campaign tags, and which cookies are the shop's own. A name added on one side only
 * would make the shared cache store pages the shop keeps apart, or pass what the shop would share.
 */
const vcl = fs.readFileSync(path.join(import.meta.dirname, "../../deploy/varnish/default.vcl"), "utf8");

describe("the shared cache's VCL agrees with the shop", () => {
  it("takes out exactly the shop's tracking parameters, utm_* by prefix", () => {
    const alternation = /regsuball\(req\.url, "\(\[\?&\]\)\(([^)]+)\)/.exec(vcl)?.[1];
    expect(alternation, "the VCL's tracking-parameter regsuball").toBeTruthy();
    const names = alternation!.split("|");
    expect(names.filter((name) => name.startsWith("utm_"))).toEqual(["utm_[^=&]*"]);
    expect(new Set(names.filter((name) => !name.startsWith("utm_")))).toEqual(new Set(TRACKING_PARAMS));
    expect(isTrackingParam("utm_source") && isTrackingParam("utm_anything")).toBe(true);
  });

  it("passes a request with any of the shop's cookies, and only those", () => {
    const source = /req\.http\.Cookie ~ "([^"]+)"/.exec(vcl)?.[1];
    expect(source, "the VCL's shop-cookie test").toBeTruthy();
    const vclMatches = new RegExp(source!);
    const appFiles = fs.readdirSync(path.join(import.meta.dirname, "../../app"), { recursive: true, encoding: "utf8" });
    const names = appFiles
      .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
      .flatMap((file) => [
        ...fs
          .readFileSync(path.join(import.meta.dirname, "../../app", file), "utf8")
          .matchAll(/cookieName\("([^"]+)"\)/g),
      ])
      .map((match) => match[1]!)
      .filter((name) => /^\w+$/.test(name)); // not a comment's placeholder
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) {
      for (const header of [`__Host-${name}=1`, `_fbp=fb.1.2; __${name}=x`]) {
        expect(vclMatches.test(header), header).toBe(true);
        expect(hasShopCookie(header), header).toBe(true);
      }
    }
    for (const header of ["_fbp=fb.1.2.3; _fbc=fb.1.x; _ga=GA1.1.1; _gid=x", "session=x; my_joyeria_session=y"]) {
      expect(vclMatches.test(header), header).toBe(false);
      expect(hasShopCookie(header), header).toBe(false);
    }
  });
});
