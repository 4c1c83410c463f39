import { FooterContent as ServerFooter } from "./footer-content.server";
import { lazyHydrated } from "./lazy-hydrated";

/**
 * The footer (FooterContent) sits below everything else on every page: its code is fetched after
 * the first paint and hydrates the server's HTML then.
 */
export const Footer = lazyHydrated(ServerFooter, () => import("./footer-content").then((m) => m.FooterContent));
