import { describe, expect, it } from "vitest";
import {
  canTransition,
  isReturnable,
  isUnpaidAttempt,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  showsTracking,
  staffStatusChoices,
} from "./order-status";

describe("the order lifecycle", () => {
  it("never lets staff choose devuelto by hand: only processing a return sets it", () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, "devuelto", "staff")).toBe(false);
  });

  it("never lets staff pay an order: only the payment's outcome moves pendiente to procesando", () => {
    expect(canTransition("pendiente", "procesando", "payment")).toBe(true);
    expect(canTransition("pendiente", "procesando", "staff")).toBe(false);
    expect(staffStatusChoices("pendiente", false)).toEqual(["cancelado"]);
  });

  it("offers staff only changes whose preconditions the order meets", () => {
    expect(staffStatusChoices("procesando", true)).toEqual(["enviado", "cancelado"]);
    expect(staffStatusChoices("enviado", true)).toEqual(["entregado"]);
    expect(staffStatusChoices("cancelado", false)).toEqual([]);
    expect(staffStatusChoices("reembolsado", true)).toEqual([]);
  });

  it("never lets staff set reembolsado by hand: only refunds the provider confirmed (or recorded) reach it", () => {
    for (const from of ORDER_STATUSES) {
      expect(canTransition(from, "reembolsado", "staff")).toBe(false);
      expect(staffStatusChoices(from, true)).not.toContain("reembolsado");
    }
    // A paid order cancelled (a late payment whose pieces were sold) is refunded through a refund.
    expect(canTransition("cancelado", "reembolsado", "refund")).toBe(true);
  });

  it("accepts a return of a shipped or delivered order only", () => {
    expect(ORDER_STATUSES.filter(isReturnable)).toEqual(["enviado", "entregado"]);
  });

  it("puts the pieces back when an order is cancelled, returned or refunded before shipping, and only then", () => {
    const releasing = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => ORDER_TRANSITIONS[from][to]?.stock === "release").map((to) => `${from}→${to}`),
    );
    expect(releasing).toEqual([
      "pendiente→cancelado",
      "procesando→cancelado",
      "procesando→reembolsado",
      "enviado→devuelto",
      "entregado→devuelto",
    ]);
    expect(ORDER_TRANSITIONS.cancelado.procesando?.stock).toBe("reserve");
  });

  it("reaches a paid status only from a state a paid order can be in, and never moves back to pendiente", () => {
    for (const from of ORDER_STATUSES) {
      expect(canTransition(from, "pendiente")).toBe(false);
      expect(canTransition(from, from)).toBe(false);
    }
    expect(PAID_STATUSES).not.toContain("pendiente");
    expect(PAID_STATUSES).not.toContain("cancelado");
    expect(Object.keys(ORDER_TRANSITIONS.reembolsado)).toEqual([]);
  });
});

describe("Mis Pedidos' reading of an order", () => {
  it("shows a tracking line only for an order on its way, or one that has a code", () => {
    expect(showsTracking({ status: "procesando", trackingCode: null })).toBe(true);
    expect(showsTracking({ status: "enviado", trackingCode: "GUIA1" })).toBe(true);
    expect(showsTracking({ status: "cancelado", trackingCode: null })).toBe(false);
    expect(showsTracking({ status: "pendiente", trackingCode: null })).toBe(false);
    expect(showsTracking({ status: "devuelto", trackingCode: "GUIA1" })).toBe(true);
  });

  it("tells an unpaid, cancelled payment attempt from a cancelled order that was paid", () => {
    expect(isUnpaidAttempt({ status: "cancelado", paidAt: null })).toBe(true);
    expect(isUnpaidAttempt({ status: "cancelado", paidAt: "2026-11-21T10:00:00.000Z" })).toBe(false);
    expect(isUnpaidAttempt({ status: "pendiente", paidAt: null })).toBe(false);
  });
});
