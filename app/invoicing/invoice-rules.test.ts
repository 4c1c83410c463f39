import { describe, expect, it } from "vitest";
import { INVOICE_MESSAGES, invoiceRefusal } from "./invoice-rules";

describe("invoiceRefusal", () => {
  const paidAt = new Date("2026-10-15T18:00:00Z");
  const november = new Date("2026-11-02T12:00:00Z");

  it("lets a paid order not given back be invoiced within the month of its payment", () => {
    expect(invoiceRefusal({ status: "procesando", paidAt }, new Date("2026-10-31T23:00:00Z"))).toBeNull();
    expect(invoiceRefusal({ status: "entregado", paidAt }, new Date("2026-10-20T00:00:00Z"))).toBeNull();
  });

  it("refuses unpaid, given back, and late orders with the reason; staff retries pass the month's end", () => {
    expect(invoiceRefusal({ status: "pendiente", paidAt: null })).toBe(INVOICE_MESSAGES.notPaid);
    expect(invoiceRefusal({ status: "reembolsado", paidAt })).toBe(INVOICE_MESSAGES.givenBack);
    expect(invoiceRefusal({ status: "devuelto", paidAt })).toBe(INVOICE_MESSAGES.givenBack);
    expect(invoiceRefusal({ status: "enviado", paidAt }, november)).toContain("terminó el 31 de octubre de 2026");
    expect(invoiceRefusal({ status: "enviado", paidAt }, november, { late: true })).toBeNull();
  });
});
