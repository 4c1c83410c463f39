import { describe, expect, it } from "vitest";
import { canTransition, isReturnable, ORDER_STATUS_TRANSITIONS, ORDER_STATUSES } from "./order-status";

describe("order statuses", () => {
  it("never lets a status be chosen as devuelto: only a return sets it", () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, "devuelto")).toBe(false);
  });

  it("keep cancelled and refunded orders final and follow the shipping order", () => {
    expect(ORDER_STATUS_TRANSITIONS.cancelado).toEqual([]);
    expect(ORDER_STATUS_TRANSITIONS.reembolsado).toEqual([]);
    expect(canTransition("pendiente", "procesando")).toBe(true);
    expect(canTransition("procesando", "enviado")).toBe(true);
    expect(canTransition("enviado", "entregado")).toBe(true);
    expect(canTransition("pendiente", "entregado")).toBe(false);
    expect(canTransition("entregado", "pendiente")).toBe(false);
  });

  it("offer a return for every status but devuelto and cancelado", () => {
    expect(ORDER_STATUSES.filter((s) => !isReturnable(s))).toEqual(["cancelado", "devuelto"]);
  });
});
