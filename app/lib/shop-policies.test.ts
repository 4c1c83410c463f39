import { describe, expect, it } from "vitest";
import { businessDays, type ShopPolicies, trustPoints } from "./shop-policies";

const policies: ShopPolicies = {
  warrantyDays: 90,
  returnDays: 5,
  freeReturns: false,
  authenticityCertificate: true,
  giftWrapPrice: 0,
  delivery: { handlingDays: 2, transitMinDays: 3, transitMaxDays: 7, cutoffHour: 14, extraClosedDays: [] },
};

describe("trustPoints", () => {
  it("says the shop's promises briefly, each linked to the legal page that states it", () => {
    expect(trustPoints(policies)).toEqual([
      { id: "garantia", text: "Garantía de 90 días", href: "/terminos-y-condiciones#garantia" },
      { id: "certificado", text: "Certificado de autenticidad", href: "/terminos-y-condiciones#garantia" },
      { id: "devoluciones", text: "Devoluciones en 5 días hábiles", href: "/envios-y-devoluciones#devoluciones" },
      { id: "pago", text: "Pago seguro con tarjeta", href: "/terminos-y-condiciones#pago" },
    ]);
  });

  it("follows the settings: free returns, no certificate, a longer warranty", () => {
    const points = trustPoints({ ...policies, freeReturns: true, authenticityCertificate: false, warrantyDays: 365 });
    expect(points.map((p) => p.text)).toEqual([
      "Garantía de 365 días",
      "Devolución gratis en 5 días hábiles",
      "Pago seguro con tarjeta",
    ]);
    expect(businessDays(1)).toBe("1 día hábil");
  });
});
