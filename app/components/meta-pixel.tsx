import { lazyHydrated } from "./lazy-hydrated";
import { MetaPixelTags as ServerTags } from "./meta-pixel-tags.server";

/** The pixel's code is fetched after the first paint, and only where a pixel is configured. */
const Tags = lazyHydrated(ServerTags, () => import("./meta-pixel-tags").then((m) => m.MetaPixelTags));

/**
 * The advertising pixel, only when META_PIXEL_ID is configured: nothing loads otherwise (see
 * MetaPixelTags). PageView on every page view and the server's one-shot events.
 */
export function MetaPixel({ pixelId, event }: { pixelId: string | null; event: string | null }) {
  return pixelId ? <Tags pixelId={pixelId} event={event} /> : null;
}
