// The product page's related pieces for the server's render; the browser build leaves this module
// empty, so their code reaches the browser only through its own chunk (see lazyHydrated): below the
// fold, and until it hydrates each card's add control is the plain form it is without JavaScript.
export { RelatedStrip } from "./related-strip";
