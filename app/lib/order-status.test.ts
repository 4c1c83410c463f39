import { describe, expect, it } from "vitest";
import { canStaffChange, canTransition, isReturnable, ORDER_STATUSES, STAFF_STATUS_CHANGES } from "./order-status";

describe("order statuses", () => {
  it("never lets a status be chosen as devuelto: only a return sets it", () => {
    for (const from of ORDER_STATUSES) expect(canStaffChange(from, "devuelto")).toBe(false);
  });

  it("keep cancelled and refunded orders final and follow the shipping order", () => {
    expect(STAFF_STATUS_CHANGES.cancelado).toEqual([]);
    expect(STAFF_STATUS_CHANGES.reembolsado).toEqual([]);
    expect(canStaffChange("pendiente", "procesando")).toBe(true);
    expect(canStaffChange("procesando", "enviado")).toBe(true);
    expect(canStaffChange("enviado", "entregado")).toBe(true);
    expect(canStaffChange("pendiente", "entregado")).toBe(false);
    expect(canStaffChange("entregado", "pendiente")).toBe(false);
  });

  it("let staff make by hand only changes the shop allows at all", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of STAFF_STATUS_CHANGES[from]) expect(canTransition(from, to), `${from} → ${to}`).toBe(true);
    }
  });

  it("offer a return for every status but devuelto and cancelado", () => {
    expect(ORDER_STATUSES.filter((s) => !isReturnable(s))).toEqual(["cancelado", "devuelto"]);
  });
});
