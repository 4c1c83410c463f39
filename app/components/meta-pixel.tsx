import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
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
 * "CompleteRegistration:<id>", flashed by the server after sign-up) once, with its id for de-duplication.
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
    if (!pixelId || !event) return;
    const [name, id] = event.split(":");
    if (!name || sentEvents.current.has(event)) return;
    sentEvents.current.add(event);
    window.fbq?.("track", name, {}, id ? { eventID: id } : undefined);
  }, [pixelId, event]);

  if (!pixelId) return null;
  const id = JSON.stringify(pixelId);
  // The queueing stub of Meta's snippet, without its DOM insertion: the library itself is a
  // rendered <script> below, so the document React hydrates is exactly the one the server sent.
  const snippet = `!function(f){if(f.fbq)return;var n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[]}(window);fbq('init',${id});fbq('track','PageView');`;
  const eventName = event?.split(":")[0];
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
        {eventName ? (
          <img
            height="1"
            width="1"
            alt=""
            style={{ display: "none" }}
            src={`https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=${encodeURIComponent(eventName)}&noscript=1`}
          />
        ) : null}
      </noscript>
    </>
  );
}
