import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Rules of the codebase that a reviewer would otherwise have to remember (docs/decisions, STYLE). */

const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : files(relative, pattern);
    return pattern.test(entry.name) ? [relative] : [];
  });
}

const lines = (file: string) => fs.readFileSync(path.join(root, file), "utf8").split("\n").length;

describe("the codebase", () => {
  it("keeps every component and route module under 300 lines", () => {
    const modules = [...files("app/components", /\.tsx?$/), ...files("app/routes", /\.tsx?$/)];
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((file) => lines(file) > 300)).toEqual([]);
  });

  it("keeps the database client out of routes and components (they call server modules)", () => {
    const modules = [...files("app/components", /\.tsx?$/), ...files("app/routes", /\.tsx?$/)];
    const offending = modules.filter((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return (
        /import\s*\{[^}]*\bprisma\b[^}]*\}\s*from\s*"~\/utils\/db\.server"/.test(text) ||
        /from\s*"(~\/generated\/prisma[^"]*|@prisma\/client[^"]*)"/.test(text)
      );
    });
    expect(offending).toEqual([]);
  });

  it("has no double casts (`as unknown as`) in app code", () => {
    const offending = files("app", /\.tsx?$/).filter((file) =>
      fs.readFileSync(path.join(root, file), "utf8").includes("as unknown as"),
    );
    expect(offending).toEqual([]);
  });

  it("writes an order's status only in the order lifecycle", () => {
    const writers = files("app", /\.server\.ts$/).filter((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return (
        /\.order\.(update|updateMany|upsert)\([^)]*status:/s.test(text) ||
        /UPDATE\s+"orders"\s+SET[^;`]*"status"/i.test(text)
      );
    });
    expect(writers).toEqual(["app/models/order-lifecycle.server.ts"]);
  });
});
