import { describe, expect, it } from "vitest";
import { canStillRequestInvoice, invoiceDeadline, invoiceDeadlineText } from "./deadline";

describe("invoice deadline", () => {
  it("ends with the calendar month of the purchase, Mexico City time", () => {
    const paid = new Date("2026-11-15T18:00:00Z");
    expect(invoiceDeadline(paid).toISOString()).toBe("2026-12-01T06:00:00.000Z");
    expect(invoiceDeadlineText(paid)).toBe("30 de noviembre de 2026");
    expect(canStillRequestInvoice(paid, new Date("2026-12-01T05:59:59Z"))).toBe(true);
    expect(canStillRequestInvoice(paid, new Date("2026-12-01T06:00:00Z"))).toBe(false);
  });

  it("counts a purchase paid on the 1st at 02:00 UTC as the previous month in Mexico City", () => {
    const paid = new Date("2026-12-01T02:00:00Z"); // 30 Nov, 20:00 in Mexico City
    expect(invoiceDeadlineText(paid)).toBe("30 de noviembre de 2026");
    const december = new Date("2026-12-31T23:00:00Z");
    expect(invoiceDeadline(december).toISOString()).toBe("2027-01-01T06:00:00.000Z");
  });
});
