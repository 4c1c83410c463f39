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
 * The advertising pixel, only when META_PIXEL_ID is configured: nothing loads otherwise.
 * PageView on the first load and on every client-side navigation; a one-shot event (e.g.
 * "CompleteRegistration:<id>" after sign-up, "Purchase:<order id>:<value>:MXN" on the success page,
 * flashed by the server) once, with its id for de-duplication and a purchase's value and currency.
 */
export function MetaPixel({ pixelId, event }: { pixelId: string | null; event: string | null }) {
  const nonce = useNonce();
  const location = useLocation();
  const firstView = useRef(true);
  const sentEvents = useRef(new Set<string>());

  useEffect(() => {
    if (!pixelId) return;
    if (firstView.current) {
      firstView.current = false; // the snippet below already tracked this page view
      return;
    }
    window.fbq?.("track", "PageView");
  }, [pixelId, location.pathname, location.search]);

  useEffect(() => {
    const parsed = parsePixelEvent(event);
    if (!pixelId || !event || !parsed || sentEvents.current.has(event)) return;
    sentEvents.current.add(event);
    window.fbq?.("track", parsed.name, parsed.params ?? {}, { eventID: parsed.id });
  }, [pixelId, event]);

  if (!pixelId) return null;
  const id = JSON.stringify(pixelId);
  // The queueing stub of Meta's snippet, without its DOM insertion: the library itself is a
  // rendered <script> below, so the document React hydrates is exactly the one the server sent.
  const snippet = `!function(f){if(f.fbq)return;var n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[]}(window);fbq('init',${id});fbq('track','PageView');`;
  const oneShot = parsePixelEvent(event);
  // Without JavaScript the event goes as an image request, with its id and a purchase's value.
  const oneShotQuery = oneShot
    ? new URLSearchParams({
        id: pixelId,
        ev: oneShot.name,
        eid: oneShot.id,
        ...(oneShot.params
          ? { "cd[value]": oneShot.params.value.toFixed(2), "cd[currency]": oneShot.params.currency }
          : {}),
        noscript: "1",
      }).toString()
    : null;
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
        {oneShotQuery ? (
          <img
            height="1"
            width="1"
            alt=""
            style={{ display: "none" }}
            src={`https://www.facebook.com/tr?${oneShotQuery}`}
          />
        ) : null}
      </noscript>
    </>
  );
}
