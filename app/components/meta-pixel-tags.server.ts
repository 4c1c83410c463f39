// The pixel's tags for the server's render; the browser build leaves this module empty, so their
// code reaches the browser only through their own chunk (see lazyHydrated).
export { MetaPixelTags } from "./meta-pixel-tags";
