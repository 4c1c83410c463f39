// The home's newsletter box for the server's render; the browser build leaves this module empty,
// so the box's code reaches the browser only through its own chunk (see lazyHydrated).
export { HomeNewsletter } from "./newsletter-box";
