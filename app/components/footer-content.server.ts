// The footer for the server's render; the browser build leaves this module empty, so the footer's
// code reaches the browser only through its own chunk (see lazyHydrated).
export { FooterContent } from "./footer-content";
