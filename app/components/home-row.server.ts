// The home's rows (Más vendidos, the season's gifts) for the server's render; the browser build leaves
// this module empty, so their code reaches the browser only through its own chunk (see lazyHydrated):
// links and prices, nothing to click before they hydrate, and a first load's hydration does less.
export { HomeRow } from "./home-row";
