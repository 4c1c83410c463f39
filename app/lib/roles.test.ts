import { describe, expect, it } from "vitest";
import { hasRole } from "./roles";

describe("hasRole", () => {
  it("passes when the user's rank is at least the required one", () => {
    expect(hasRole("admin", "worker")).toBe(true);
    expect(hasRole("worker", "worker")).toBe(true);
    expect(hasRole("customer", "worker")).toBe(false);
    expect(hasRole("worker", "admin")).toBe(false);
  });

  it("treats a missing role as customer", () => {
    expect(hasRole(null, "customer")).toBe(true);
    expect(hasRole(undefined, "worker")).toBe(false);
  });
});
