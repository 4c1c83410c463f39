import { describe, expect, it } from "vitest";
import {
  canMoveRequest,
  checkRequestChoice,
  formatDeadline,
  refundedRequests,
  requestableQuantities,
  RETURN_REQUEST_KINDS,
  RETURN_REQUEST_MESSAGES,
  RETURN_REQUEST_STATUSES,
  returnDeadline,
  withinReturnWindow,
} from "./return-requests";
import { parseShopperRequest, parseStaffStep } from "./validation/return-request";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("the return window", () => {
  it("counts RETURN_DAYS business days from the day after delivery, in Mexico City's calendar", () => {
    // Delivered Monday 23 November 2026, 10:00 in Mexico City: five business days end Monday 30.
    expect(returnDeadline(new Date("2026-11-23T16:00:00Z"), 5)).toBe("2026-11-30");
    // Delivered Friday 20 November 2026 at 23:30 Mexico City (05:30 UTC Saturday): still Friday's
    // delivery; Monday 16 Nov is a holiday but already passed; Mon 23 … Fri 27 are five.
    expect(returnDeadline(new Date("2026-11-21T05:30:00Z"), 5)).toBe("2026-11-27");
    // Delivered Friday 11 December: 25 December (a Friday) is skipped.
    expect(returnDeadline(new Date("2026-12-11T18:00:00Z"), 10)).toBe("2026-12-28");
    // The shop's own closed days count too.
    expect(returnDeadline(new Date("2026-11-23T16:00:00Z"), 5, ["2026-11-24"])).toBe("2026-12-01");
  });

  it("is open the whole last day, Mexico City time, and closed the next", () => {
    expect(withinReturnWindow(new Date("2026-12-01T05:59:00Z"), "2026-11-30")).toBe(true); // 23:59 on the 30th
    expect(withinReturnWindow(new Date("2026-12-01T06:00:00Z"), "2026-11-30")).toBe(false); // 00:00 on the 1st
  });

  it("says the deadline as a shopper reads it", () => {
    expect(formatDeadline("2026-11-30")).toBe("lunes, 30 de noviembre de 2026");
  });
});

describe("the request's lifecycle", () => {
  it("approves or rejects, receives an approved request, then refunds a return or ships an exchange", () => {
    expect(canMoveRequest("cambio", "solicitada", "aprobada")).toBe(true);
    expect(canMoveRequest("cambio", "recibida", "cambio_enviado")).toBe(true);
    expect(canMoveRequest("devolucion", "recibida", "cambio_enviado")).toBe(false);
    expect(canMoveRequest("devolucion", "recibida", "reembolsada")).toBe(true);
    expect(canMoveRequest("cambio", "solicitada", "recibida")).toBe(false);
    // Final states go nowhere.
    for (const kind of RETURN_REQUEST_KINDS)
      for (const to of RETURN_REQUEST_STATUSES) {
        expect(canMoveRequest(kind, "rechazada", to)).toBe(false);
        expect(canMoveRequest(kind, "reembolsada", to)).toBe(false);
        expect(canMoveRequest(kind, "cambio_enviado", to)).toBe(false);
      }
  });
});

describe("what may still be asked for", () => {
  const items = [
    { id: 1, quantity: 2 },
    { id: 2, quantity: 1 },
  ];

  it("is bought minus what open or finished requests hold; a rejected request gives its pieces back", () => {
    const left = requestableQuantities(items, [
      { status: "aprobada", items: [{ orderItemId: 1, quantity: 1 }] },
      { status: "rechazada", items: [{ orderItemId: 2, quantity: 1 }] },
      { status: "cambio_enviado", items: [{ orderItemId: 1, quantity: 1 }] },
    ]);
    expect(Object.fromEntries(left)).toEqual({ 1: 0, 2: 1 });
  });

  const ring = { id: 1, quantity: 2, productId: 10, variantId: 100, sizes: [{ id: 101, productId: 10 }] };
  const chain = { id: 2, quantity: 1, productId: 20, variantId: null, sizes: [] };
  const left = new Map([
    [1, 1],
    [2, 1],
  ]);

  it("refuses more than is left, another product's size, the same size, a size for a piece without sizes", () => {
    const check = (quantities: Record<number, number>, sizes: Record<number, number>, kind = "cambio" as const) =>
      checkRequestChoice([ring, chain], left, { kind, quantities, sizes });
    expect(check({ 1: 2 }, { 1: 101 })).toEqual([{ field: "cantidad-1", message: RETURN_REQUEST_MESSAGES.tooMany(1) }]);
    expect(check({ 1: 1 }, { 1: 999 })).toEqual([{ field: "talla-1", message: RETURN_REQUEST_MESSAGES.unknownSize }]);
    expect(check({ 1: 1 }, { 1: 100 })).toEqual([{ field: "talla-1", message: RETURN_REQUEST_MESSAGES.unknownSize }]);
    expect(check({ 1: 1 }, {})).toEqual([{ field: "talla-1", message: RETURN_REQUEST_MESSAGES.sizeRequired }]);
    expect(check({ 2: 1 }, {})).toEqual([{ field: "talla-2", message: RETURN_REQUEST_MESSAGES.noSizes }]);
    expect(check({}, {})).toEqual([{ field: "form", message: RETURN_REQUEST_MESSAGES.nothing }]);
    expect(check({ 7: 1 }, {})).toEqual([{ field: "form", message: RETURN_REQUEST_MESSAGES.unknownItem }]);
    expect(check({ 1: 1 }, { 1: 101 })).toEqual([]);
    // A return needs no size.
    expect(
      checkRequestChoice([ring, chain], left, { kind: "devolucion", quantities: { 1: 1, 2: 1 }, sizes: {} }),
    ).toEqual([]);
  });

  it("refuses the size already bought", () => {
    const sameSize = { ...ring, sizes: [{ id: 100, productId: 10 }] };
    expect(checkRequestChoice([sameSize], left, { kind: "cambio", quantities: { 1: 1 }, sizes: { 1: 100 } })).toEqual([
      { field: "talla-1", message: RETURN_REQUEST_MESSAGES.sameSize },
    ]);
  });
});

describe("returns covered by refunds", () => {
  it("marks the received returns, oldest first, whose pieces the refunds gave back", () => {
    const requests = [
      { id: 1, status: "reembolsada", items: [{ orderItemId: 1, quantity: 1 }] },
      { id: 2, status: "recibida", items: [{ orderItemId: 1, quantity: 1 }] },
      { id: 3, status: "recibida", items: [{ orderItemId: 2, quantity: 1 }] },
    ];
    expect(refundedRequests({ 1: 1 }, requests)).toEqual([]);
    expect(refundedRequests({ 1: 2 }, requests)).toEqual([2]);
    expect(refundedRequests({ 1: 2, 2: 1 }, requests)).toEqual([2, 3]);
  });
});

describe("the forms", () => {
  it("reads the shopper's request, quantities and sizes by piece", () => {
    expect(
      parseShopperRequest(
        form({ tipo: "cambio", "cantidad-5": "1", "cantidad-6": "0", "talla-5": "12", motivo: " Chico " }),
      ),
    ).toEqual({ ok: true, value: { kind: "cambio", quantities: { 5: 1 }, sizes: { 5: 12 }, reason: "Chico" } });
  });

  it("answers every bad field with its Spanish message", () => {
    expect(parseShopperRequest(form({ tipo: "otro", "cantidad-5": "-1", "talla-5": "x", motivo: "a\u0000b" }))).toEqual(
      {
        ok: false,
        errors: {
          tipo: RETURN_REQUEST_MESSAGES.kind,
          "cantidad-5": RETURN_REQUEST_MESSAGES.quantity,
          "talla-5": RETURN_REQUEST_MESSAGES.unknownSize,
          motivo: "Contiene caracteres no válidos",
        },
      },
    );
    expect(parseShopperRequest(form({ tipo: "devolucion", "cantidad-5": "1" }))).toEqual({
      ok: false,
      errors: { motivo: RETURN_REQUEST_MESSAGES.reasonRequired },
    });
    // Nothing chosen and no reason: both said at once.
    expect(parseShopperRequest(form({ tipo: "cambio", "cantidad-5": "0" }))).toEqual({
      ok: false,
      errors: { form: RETURN_REQUEST_MESSAGES.nothing, motivo: RETURN_REQUEST_MESSAGES.reasonRequired },
    });
  });

  it("reads staff's steps: a rejection needs a message, a shipment its carrier and guide", () => {
    expect(parseStaffStep(form({ intent: "rechazar", mensaje: "" }))).toEqual({
      ok: false,
      errors: { mensaje: RETURN_REQUEST_MESSAGES.rejectNeedsMessage },
    });
    expect(parseStaffStep(form({ intent: "aprobar" }))).toEqual({
      ok: true,
      value: { intent: "aprobar", message: null },
    });
    expect(parseStaffStep(form({ intent: "recibir", "vendible-3": "1", "vendible-4": "0" }))).toEqual({
      ok: true,
      value: { intent: "recibir", sellable: { 3: 1, 4: 0 } },
    });
    expect(parseStaffStep(form({ intent: "enviar", paqueteria: "dhl", guia: "" }))).toMatchObject({ ok: false });
    expect(parseStaffStep(form({ intent: "enviar", paqueteria: "dhl", guia: "JD0001" }))).toEqual({
      ok: true,
      value: { intent: "enviar", carrier: "dhl", trackingCode: "JD0001" },
    });
    expect(parseStaffStep(form({ intent: "borrar" }))).toMatchObject({ ok: false });
  });
});
