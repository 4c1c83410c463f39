import { describe, expect, it } from "vitest";
import { hasRole, ROLE_RANK } from "./roles";

describe("roles", () => {
  it("ranks customer < worker < admin", () => {
    expect(ROLE_RANK.customer).toBeLessThan(ROLE_RANK.worker);
    expect(ROLE_RANK.worker).toBeLessThan(ROLE_RANK.admin);
  });

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
