import { describe, expect, it, vi } from "vitest";

// The module's database client is made on import (never connected here).
vi.hoisted(() => {
  process.env.DATABASE_URL ??= "postgresql://localhost/joyeria_unit";
});
const { sessionStorage } = await import("./session.server");

/** A Cookie header carrying the session cookie `session` commits, beside a marketing cookie. */
async function headerOf(values: Record<string, string>, flash?: Record<string, string>): Promise<string> {
  const session = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(values)) session.set(key, value);
  for (const [key, value] of Object.entries(flash ?? {})) session.flash(key, value);
  const setCookie = await sessionStorage.commitSession(session);
  return `_fbp=fb.1.1.2; ${setCookie.split(";")[0]}`;
}

describe("the session cookie parsed once per Cookie header (decision 066)", () => {
  it("gives every reader a session of its own: a flash read by one is still there for the next request", async () => {
    const header = await headerOf({ sid: "abc" }, { flash: "Agregado al carrito" });
    const first = await sessionStorage.getSession(header);
    expect(first.get("flash")).toBe("Agregado al carrito");
    expect(first.has("flash")).toBe(false);
    first.set("sid", "changed");
    const second = await sessionStorage.getSession(header);
    expect(second.get("sid")).toBe("abc");
    expect(second.get("flash")).toBe("Agregado al carrito");
  });

  it("still refuses a forged or altered signature, every time", async () => {
    const header = await headerOf({ sid: "abc" });
    const forged = header.replace(/\.([^.;]+)$/, (_, signature: string) => `.${signature.slice(1)}x`);
    expect(forged).not.toBe(header);
    for (let i = 0; i < 2; i += 1) {
      expect((await sessionStorage.getSession(forged)).get("sid")).toBeUndefined();
      expect((await sessionStorage.getSession(header)).get("sid")).toBe("abc");
    }
  });

  it("reads another shopper's header as theirs", async () => {
    const [carla, diego] = await Promise.all([headerOf({ sid: "carla" }), headerOf({ sid: "diego" })]);
    for (let i = 0; i < 2; i += 1) {
      expect((await sessionStorage.getSession(carla)).get("sid")).toBe("carla");
      expect((await sessionStorage.getSession(diego)).get("sid")).toBe("diego");
    }
  });
});
