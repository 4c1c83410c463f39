import { GiftIcon } from "./icons";

/**
 * An order's gift options as people read them: the gift packaging line and the message for the card,
 * quoted with its line breaks. Used by the checkout's payment step, Mis Pedidos and the staff's order
 * views (where the message is what goes on the card in the parcel). Nothing when there are none.
 */
export function GiftNote({
  wrap,
  message,
  className = "",
}: {
  /** The packaging line as the page words it ("Envoltura de regalo · $89.99"), or null when not chosen. */
  wrap: string | null;
  message: string | null;
  className?: string;
}) {
  if (!wrap && !message) return null;
  return (
    <div className={`space-y-2 text-sm text-ink-800 ${className}`} data-testid="gift-note">
      {wrap ? (
        <p className="flex items-center gap-2">
          <GiftIcon width={18} height={18} className="shrink-0 text-gold-700" />
          {wrap}
        </p>
      ) : null}
      {message ? (
        <figure>
          <figcaption className="text-xs uppercase tracking-[0.15em] text-ink-700">Mensaje para la tarjeta</figcaption>
          <blockquote
            className="mt-1 whitespace-pre-line border-l-2 border-gold-500 pl-3 font-serif text-lg italic leading-snug text-ink-900"
            data-testid="gift-message"
          >
            {message}
          </blockquote>
        </figure>
      ) : null}
    </div>
  );
}
