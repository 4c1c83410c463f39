import { carrierLabel, trackingUrl } from "~/lib/carriers";

/**
 * The parcel's carrier and guide number, the number linking to the carrier's tracking page (a new
 * tab: the shop stays open). Nothing when the order has not shipped.
 */
export function TrackingLink({ carrier, trackingCode }: { carrier: string | null; trackingCode: string | null }) {
  const label = carrierLabel(carrier);
  const url = trackingUrl(carrier, trackingCode);
  if (!label && !trackingCode) return null;
  return (
    <span data-testid="tracking-link">
      {label ? <span>{label}</span> : null}
      {label && trackingCode ? " · " : null}
      {trackingCode ? (
        url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-mono text-gold-700 underline underline-offset-2 hover:text-ink-900"
          >
            {trackingCode}
            <span className="sr-only"> (rastrear en {label}, se abre en otra pestaña)</span>
          </a>
        ) : (
          <span className="font-mono text-ink-900">{trackingCode}</span>
        )
      ) : null}
    </span>
  );
}
