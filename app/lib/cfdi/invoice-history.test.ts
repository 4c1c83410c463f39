import { describe, expect, it } from "vitest";
import { currentInvoice, holdsTheOrder, invoiceHistory, stampedInvoice } from "./invoice-history";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));
const row = (status: string, minute: number, cancelMotive: string | null = null) => ({
  status,
  uuid: ["emitida", "cancelando", "cancelada"].includes(status) ? `U-${minute}` : null,
  cancelMotive,
  createdAt: at(minute),
});

describe("an order's invoice history", () => {
  it("a cancelled invoice or one being replaced does not hold the order", () => {
    expect(holdsTheOrder(row("emitida", 1))).toBe(true);
    expect(holdsTheOrder(row("cancelando", 1, "02"))).toBe(true);
    expect(holdsTheOrder(row("error", 1))).toBe(true);
    expect(holdsTheOrder(row("cancelada", 1, "02"))).toBe(false);
    expect(holdsTheOrder(row("emitida", 1, "01"))).toBe(false);
  });

  it("after a cancellation with 02, the new invoice comes first and the cancelled one stays listed", () => {
    const cancelled = row("cancelada", 1, "02");
    const again = row("emitida", 5);
    expect(invoiceHistory([cancelled, again])).toEqual([again, cancelled]);
    expect(stampedInvoice([cancelled, again])).toBe(again);
  });

  it("while the substitute is not stamped yet, the replaced invoice is still the current one", () => {
    const replaced = row("emitida", 1, "01");
    const substitute = row("emitiendo", 5);
    expect(currentInvoice([replaced, substitute])).toBe(replaced);
    expect(stampedInvoice([replaced, substitute])).toBe(replaced);
    const stamped = { ...substitute, status: "emitida", uuid: "U-5" };
    expect(currentInvoice([replaced, stamped])).toBe(stamped);
    expect(stampedInvoice([replaced, stamped])).toBe(stamped);
  });

  it("only cancelled invoices: the newest is shown; none: nothing", () => {
    const first = row("cancelada", 1, "02");
    const second = row("cancelada", 3, "03");
    expect(currentInvoice([first, second])).toBe(second);
    expect(stampedInvoice([first, second])).toBeNull();
    expect(invoiceHistory([])).toEqual([]);
  });

  it("an invoice in error after a cancellation is the current one", () => {
    const cancelled = row("cancelada", 1, "02");
    const failed = row("error", 4);
    expect(currentInvoice([cancelled, failed])).toBe(failed);
  });
});
