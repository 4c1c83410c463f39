import { describe, expect, it } from "vitest";
import {
  awaitingPaymentDetails,
  awaitingPaymentOf,
  formatClabe,
  parsePaymentMethods,
  paymentMethodNote,
  paymentMethodsFor,
} from "./payment-methods";

describe("paymentMethodsFor", () => {
  const all = ["card", "oxxo", "spei"] as const;

  it("offers OXXO from $10 to $10,000 MXN only", () => {
    expect(paymentMethodsFor(999, all)).toEqual(["card", "spei"]);
    expect(paymentMethodsFor(1_000, all)).toEqual(["card", "oxxo", "spei"]);
    expect(paymentMethodsFor(1_000_000, all)).toEqual(["card", "oxxo", "spei"]);
    expect(paymentMethodsFor(1_000_001, all)).toEqual(["card", "spei"]);
  });

  it("offers only what is enabled", () => {
    expect(paymentMethodsFor(50_000, ["card"])).toEqual(["card"]);
    expect(paymentMethodsFor(50_000, ["spei", "oxxo"])).toEqual(["spei", "oxxo"]);
  });
});

describe("parsePaymentMethods", () => {
  it("reads the setting's list without repeats", () => {
    expect(parsePaymentMethods("card, OXXO,spei,card")).toEqual(["card", "oxxo", "spei"]);
  });

  it("names what is wrong", () => {
    expect(parsePaymentMethods(" , ")).toMatch(/at least one/);
    expect(parsePaymentMethods("card,paypal")).toMatch(/"paypal"/);
  });
});

describe("awaitingPaymentOf and paymentMethodNote", () => {
  const voucher = {
    status: "pendiente",
    paymentMethod: "oxxo",
    paidAt: null,
    voucherIssuedAt: new Date("2026-11-23T16:00:00Z"),
    voucherReference: "123456789012345678",
    voucherUrl: "https://pagos.example/voucher/pi_1",
    voucherAmount: 116_340,
    voucherExpiresAt: new Date("2026-11-26T05:59:59Z"),
    transferClabe: null,
    transferBank: null,
  };

  it("gives the instructions only while a voucher's order is pending", () => {
    expect(awaitingPaymentOf(voucher)).toMatchObject({ method: "oxxo", reference: "123456789012345678" });
    expect(awaitingPaymentOf({ ...voucher, status: "procesando" })).toBeNull();
    expect(awaitingPaymentOf({ ...voucher, paymentMethod: "card" })).toBeNull();
    expect(awaitingPaymentOf({ ...voucher, voucherIssuedAt: null })).toBeNull();
  });

  it("lists amount, reference and deadline (Mexico City time); SPEI adds the CLABE in groups", () => {
    expect(awaitingPaymentDetails(awaitingPaymentOf(voucher)!)).toEqual([
      ["Monto a pagar", "$1,163.40"],
      ["Referencia OXXO", "1234 5678 9012 3456 78"],
      ["Fecha límite", expect.stringContaining("25 nov 2026")],
    ]);
    const spei = awaitingPaymentOf({
      ...voucher,
      paymentMethod: "spei",
      transferClabe: "646180123456789012",
      transferBank: "STP",
    })!;
    expect(awaitingPaymentDetails(spei).map(([label]) => label)).toEqual([
      "Monto a transferir",
      "CLABE",
      "Banco",
      "Referencia",
      "Fecha límite",
    ]);
    expect(formatClabe("646180123456789012")).toBe("646 180 12345678901 2");
  });

  it("tells staff the method and the voucher's state", () => {
    expect(paymentMethodNote({ ...voucher, paymentMethod: null })).toBeNull();
    expect(paymentMethodNote({ ...voucher, paymentMethod: "card", voucherIssuedAt: null })).toBe("Tarjeta");
    expect(paymentMethodNote(voucher)).toMatch(/^OXXO · pendiente de pago, vence 25 nov 2026/);
    expect(paymentMethodNote({ ...voucher, status: "procesando", paidAt: new Date() })).toBe("OXXO · pagado");
    expect(paymentMethodNote({ ...voucher, status: "cancelado" })).toBe("OXXO · vencido sin pago");
  });
});
