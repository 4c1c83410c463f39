import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { parsePixelEvent } from "~/lib/pixel";
import { useNonce } from "./nonce";

type Fbq = (
  command: "init" | "track",
  name: string,
  params?: Record<string, unknown>,
  options?: { eventID?: string },
) => void;
declare global {
  interface Window {
    fbq?: Fbq;
  }
}

/**
 * The advertising pixel's tags (rendered through `MetaPixel`, only when META_PIXEL_ID is configured).
 * PageView on the first load and on every client-side navigation; a one-shot event (e.g.
 * "CompleteRegistration:<id>" after sign-up, "Purchase:<order id>:<value>:MXN" on the success page,
 * flashed by the server) once, with its id for de-duplication and a purchase's value and currency.
 */
export function MetaPixelTags({ pixelId, event }: { pixelId: string | null; event: string | null }) {
  const nonce = useNonce();
  const location = useLocation();
  const firstView = useRef(true);

  useEffect(() => {
    if (!pixelId) return;
    if (firstView.current) {
      firstView.current = false; // the snippet below already tracked this page view
      return;
    }
    window.fbq?.("track", "PageView");
  }, [pixelId, location.pathname, location.search]);

  if (!pixelId) return null;
  const id = JSON.stringify(pixelId);
  // The queueing stub of Meta's snippet, without its DOM insertion: the library itself is a
  // rendered <script> below, so the document React hydrates is exactly the one the server sent.
  const snippet = `!function(f){if(f.fbq)return;var n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[]}(window);fbq('init',${id});fbq('track','PageView');`;
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: snippet }} />
      <script async src="https://connect.facebook.net/en_US/fbevents.js" nonce={nonce} suppressHydrationWarning />
      <noscript>
        <img
          height="1"
          width="1"
          alt=""
          style={{ display: "none" }}
          src={`https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`}
        />
      </noscript>
      <PixelEvent pixelId={pixelId} event={event} />
    </>
  );
}

/** Events already sent from this page load: a re-render or revalidation never sends one twice. */
const sentEvents = new Set<string>();

/**
 * One event of the pixel (encoded as in `~/lib/pixel`: "CompleteRegistration:<id>",
 * "Purchase:<order id>:<value>:MXN"), sent once with its id for de-duplication: through `fbq` with
 * JavaScript, as an image request without it. Renders nothing when the pixel is off.
 */
export function PixelEvent({ pixelId, event }: { pixelId: string | null; event: string | null }) {
  const parsed = parsePixelEvent(event);
  useEffect(() => {
    if (!pixelId || !event || !parsed || sentEvents.has(event)) return;
    sentEvents.add(event);
    window.fbq?.("track", parsed.name, parsed.params ?? {}, { eventID: parsed.id });
  }, [pixelId, event, parsed]);
  if (!pixelId || !parsed) return null;
  const query = new URLSearchParams({
    id: pixelId,
    ev: parsed.name,
    eid: parsed.id,
    ...(parsed.params ? { "cd[value]": parsed.params.value.toFixed(2), "cd[currency]": parsed.params.currency } : {}),
    noscript: "1",
  }).toString();
  return (
    <noscript>
      <img height="1" width="1" alt="" style={{ display: "none" }} src={`https://www.facebook.com/tr?${query}`} />
    </noscript>
  );
}
