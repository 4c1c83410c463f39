import { productMessage, WHATSAPP_LABEL, whatsappHref } from "~/lib/whatsapp";

/**
 * "Escríbenos por WhatsApp" on the product page: a chat with the shop's number (SHOP_WHATSAPP), the
 * piece's name and link already typed. Nothing when the shop has no number.
 */
export function ProductWhatsApp({ number, name, url }: { number: string | null; name: string; url: string }) {
  if (!number) return null;
  return (
    <a
      href={whatsappHref(number, productMessage(name, url))}
      rel="noopener noreferrer"
      target="_blank"
      className="inline-flex min-h-11 items-center gap-2 text-sm text-ink-800 underline underline-offset-4 hover:text-gold-700"
      data-testid="product-whatsapp"
    >
      {WHATSAPP_LABEL}
    </a>
  );
}
