import { CONTACT, SHOP_NAME } from "./constants";

/**
 * Who sells: the identity the legal pages, the footer and e-mails publish. Configured with the
 * SHOP_* environment variables (README); these defaults are the development shop's.
 */
export type ShopInfo = {
  /** Trade name shown to shoppers. */
  name: string;
  /** Legal name of the business (razón social) responsible for sales and personal data. */
  legalName: string;
  /** Tax id (RFC), when configured. */
  rfc: string | null;
  address: string;
  phone: string;
  email: string;
  /** Where privacy requests (ARCO rights) go. */
  privacyEmail: string;
  /** The WhatsApp number (E.164 digits, SHOP_WHATSAPP); none: no WhatsApp link is shown. */
  whatsapp: string | null;
};

export const DEFAULT_SHOP_INFO: ShopInfo = {
  name: SHOP_NAME,
  legalName: "Joyería Aurora, S.A. de C.V.",
  rfc: null,
  address: CONTACT.address,
  phone: CONTACT.phone,
  email: CONTACT.email,
  privacyEmail: "privacidad@joyeriaaurora.mx",
  whatsapp: null,
};

/** `tel:` link of a phone number as people write it ("+52 55 1234 5678" → "tel:+525512345678"). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The legal pages, in the order the footer lists them. */
export const LEGAL_PAGES = [
  { href: "/aviso-de-privacidad", label: "Aviso de Privacidad" },
  { href: "/terminos-y-condiciones", label: "Términos y Condiciones" },
  { href: "/envios-y-devoluciones", label: "Envíos y Devoluciones" },
] as const;
