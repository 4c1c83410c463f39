/** Roles and their ranks: customer 0 < worker 1 < admin 2. */
export const ROLES = ["customer", "worker", "admin"] as const;
export type RoleName = (typeof ROLES)[number];

export const ROLE_RANK: Record<RoleName, number> = { customer: 0, worker: 1, admin: 2 };

export const ROLE_LABEL: Record<RoleName, string> = {
  customer: "Cliente",
  worker: "Empleado",
  admin: "Administrador",
};

export const DEFAULT_ROLE: RoleName = "customer";

/** A role check passes when the user's rank is at least the required one. */
export function hasRole(role: RoleName | null | undefined, required: RoleName): boolean {
  return ROLE_RANK[role ?? DEFAULT_ROLE] >= ROLE_RANK[required];
}

export function isRole(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
