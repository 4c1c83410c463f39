import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasShopCookie } from "./shop-cookies.server";

describe("the shop's own cookies", () => {
  it("are the joyeria_ cookies under either prefix; marketing cookies are not", () => {
    expect(hasShopCookie("__Host-joyeria_session=abc")).toBe(true);
    expect(hasShopCookie("_fbp=fb.1.2; __joyeria_device=x")).toBe(true);
    expect(hasShopCookie(" joyeria_session=1")).toBe(true);
    expect(hasShopCookie("_fbp=fb.1.2.3; _fbc=fb.1.x; _ga=GA1.1.1; _gid=x")).toBe(false);
    expect(hasShopCookie("session=x; my_joyeria_session=y")).toBe(false);
    expect(hasShopCookie("")).toBe(false);
    expect(hasShopCookie(undefined)).toBe(false);
  });

  it("covers every cookie the shop names (cookieName's callers)", () => {
    const files = fs.readdirSync(path.resolve(import.meta.dirname), { recursive: true, encoding: "utf8" });
    const names = files
      .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
      .flatMap((file) => [
        ...fs.readFileSync(path.join(import.meta.dirname, file), "utf8").matchAll(/cookieName\("([^"]+)"\)/g),
      ])
      .map((match) => match[1]!);
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) {
      expect(hasShopCookie(`__Host-${name}=1`), name).toBe(true);
      expect(hasShopCookie(`__${name}=1`), name).toBe(true);
    }
  });
});
