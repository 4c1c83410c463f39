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
  it("keeps every module of app/ under 300 lines", () => {
    const modules = files("app", /\.tsx?$/);
    expect(modules.length).toBeGreaterThan(200);
    expect(modules.filter((file) => lines(file) > 300)).toEqual([]);
  });

  it("has no import cycle among app/'s modules (type-only imports aside)", () => {
    const modules = files("app", /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file));
    const known = new Set(modules);
    const resolve = (from: string, spec: string) => {
      const base = spec.startsWith("~/")
        ? `app/${spec.slice(2)}`
        : spec.startsWith(".")
          ? path.join(path.dirname(from), spec)
          : null;
      if (!base) return null;
      return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate)) ?? null;
    };
    const imports = new Map(
      modules.map((file) => {
        const text = fs.readFileSync(path.join(root, file), "utf8");
        const targets = [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)]
          .filter((match) => !match[1])
          .map((match) => resolve(file, match[2]!))
          .filter((target): target is string => target !== null);
        return [file, targets];
      }),
    );
    // Depth-first search; a module met again while still on the path closes a cycle.
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, trail: string[]) => {
      state.set(file, "open");
      for (const next of imports.get(file) ?? []) {
        if (state.get(next) === "open") cycles.push([...trail.slice(trail.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) visit(next, [...trail, next]);
      }
      state.set(file, "done");
    };
    for (const file of modules) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
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
