// The footer for the server's render; the browser build leaves this module empty, so the footer's
// code reaches the browser only through its own chunk (see lazyHydrated).
import { renderToString } from "react-dom/server";
import { DEFAULT_SHOP_INFO, type ShopInfo } from "~/lib/shop-info";
import { FOOTER_CLASS, FooterBody, type FooterProps } from "./footer-content";
import { useIvaIncluded } from "./price-display";

/**
 * The footer as the browser's FooterContent renders it, its content written once per value
 * (docs/decisions/066): the same on every page and for every shopper (the shop's details, whether prices
 * include IVA, the year), it was a third of the elements React wrote for each personal page. React
 * hydrates the markup as if it had rendered it (the same elements and text), so the browser cannot
 * tell; `footerMarkup` is checked against React's own render of FooterBody (footer-content.server.test.tsx).
 */
export function FooterContent({ shop = DEFAULT_SHOP_INFO }: { shop?: ShopInfo }) {
  const ivaIncluded = useIvaIncluded();
  const html = footerMarkup({ shop, ivaIncluded, year: new Date().getFullYear() });
  return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** FooterBody's markup by its props (a few values: an admin's edit of the shop's details adds one). */
const rendered = new Map<string, string>();
const MAX_RENDERED = 16;

export function footerMarkup(props: FooterProps): string {
  const key = JSON.stringify([props.shop, props.ivaIncluded, props.year]);
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToString(<FooterBody {...props} />);
    if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, html);
  }
  return html;
}
