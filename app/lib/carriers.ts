/**
 * The parcel services the shop ships with, and where a shopper follows a parcel: the one reviewed
 * table of tracking pages. Mis Pedidos, the order page of the panel and the "Tu pedido va en camino"
 * e-mail all link through `trackingUrl`.
 *
 * The addresses are the carriers' public tracking pages for Mexico, each taking the guide number in
 * its URL (checked against the carriers' sites and the integrations that link to them; the machine
 * this was written on is offline, so check them again when a carrier redesigns its site). "Otra" (a
 * local courier, a delivery by hand) has no page: the shopper sees the guide number alone.
 */

export const CARRIER_KEYS = ["estafeta", "dhl", "fedex", "redpack", "paquetexpress", "99minutos", "otra"] as const;

export type CarrierKey = (typeof CARRIER_KEYS)[number];

type Carrier = {
  label: string;
  /** The tracking page of a guide number, or null when the carrier has none. */
  trackingPage: ((code: string) => string) | null;
};

export const CARRIERS: Record<CarrierKey, Carrier> = {
  estafeta: {
    label: "Estafeta",
    trackingPage: (code) => `https://www.estafeta.com/herramientas/rastreo?wayBillType=1&wayBill=${code}`,
  },
  dhl: {
    label: "DHL",
    trackingPage: (code) => `https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=${code}&submit=1`,
  },
  fedex: {
    label: "FedEx",
    trackingPage: (code) => `https://www.fedex.com/fedextrack/?trknbr=${code}`,
  },
  redpack: {
    label: "Redpack",
    trackingPage: (code) => `https://www.redpack.com.mx/es/rastreo/?guias=${code}`,
  },
  paquetexpress: {
    label: "Paquetexpress",
    trackingPage: (code) => `https://www.paquetexpress.com.mx/rastreo/${code}`,
  },
  "99minutos": {
    label: "99minutos",
    trackingPage: (code) => `https://tracking.99minutos.com/search/${code}`,
  },
  otra: { label: "Otra paquetería", trackingPage: null },
};

export function isCarrierKey(value: unknown): value is CarrierKey {
  return typeof value === "string" && (CARRIER_KEYS as readonly string[]).includes(value);
}

/** The carrier's name as shoppers and staff read it; an unknown key (an old row) reads as itself. */
export function carrierLabel(key: string | null): string | null {
  if (key === null) return null;
  return isCarrierKey(key) ? CARRIERS[key].label : key;
}

/**
 * Where the shopper follows the parcel: the carrier's tracking page for the guide number, or null
 * (no carrier, no number, or a carrier without a page). The number is URL-encoded, so no guide number
 * can change the address it is put into.
 */
export function trackingUrl(carrier: string | null, code: string | null): string | null {
  if (!code || !isCarrierKey(carrier)) return null;
  const page = CARRIERS[carrier].trackingPage;
  return page ? page(encodeURIComponent(code)) : null;
}
