import { z } from "zod";

/**
 * WhatsApp (issue 37): the shop's number (SHOP_WHATSAPP) as E.164 digits — country code and number,
 * no "+", spaces or dashes: 5215512345678 — and the `wa.me` links that open a chat with it.
 */

export const WHATSAPP_LABEL = "Escríbenos por WhatsApp";

export const WhatsAppNumberSchema = z
  .string()
  .trim()
  .regex(
    /^\+?[1-9]\d{7,14}$/,
    "SHOP_WHATSAPP must be the WhatsApp number in E.164 digits: country code and number, e.g. 5215512345678",
  )
  .transform((number) => number.replace("+", ""));

/** The chat with `number`, with `text` already typed when given. */
export function whatsappHref(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/** What the product page's chat starts with: the piece's name and its link. */
export function productMessage(name: string, url: string): string {
  return `Hola, me interesa esta pieza: ${name} ${url}`;
}
