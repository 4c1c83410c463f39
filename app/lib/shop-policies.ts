import type { DeliverySettings } from "./delivery";

/** What the shop promises and charges beyond the pieces (settings: README, configuration). */
export type ShopPolicies = {
  /** Natural days of warranty against manufacturing defects (the law's minimum is sixty). */
  warrantyDays: number;
  /** Business days from delivery to return a piece (the law's minimum is five). */
  returnDays: number;
  /** The shop pays the return shipping. */
  freeReturns: boolean;
  authenticityCertificate: boolean;
  /** Gift packaging, in centavos before IVA (0: free). */
  giftWrapPrice: number;
  delivery: DeliverySettings;
};

export type TrustPoint = { id: "garantia" | "certificado" | "devoluciones" | "pago"; text: string; href: string };

/**
 * The short promises next to the buy button, each linked to the legal page section that states it in
 * full, so the two can never say different things.
 */
export function trustPoints(policies: ShopPolicies): TrustPoint[] {
  const points: TrustPoint[] = [
    { id: "garantia", text: `Garantía de ${policies.warrantyDays} días`, href: "/terminos-y-condiciones#garantia" },
  ];
  if (policies.authenticityCertificate) {
    points.push({ id: "certificado", text: "Certificado de autenticidad", href: "/terminos-y-condiciones#garantia" });
  }
  points.push({
    id: "devoluciones",
    text: `${policies.freeReturns ? "Devolución gratis" : "Devoluciones"} en ${businessDays(policies.returnDays)}`,
    href: "/envios-y-devoluciones#devoluciones",
  });
  points.push({ id: "pago", text: "Pago seguro con tarjeta", href: "/terminos-y-condiciones#pago" });
  return points;
}

/** "1 día hábil", "5 días hábiles". */
export function businessDays(count: number): string {
  return count === 1 ? "1 día hábil" : `${count} días hábiles`;
}
