import { productJsonLd, scriptJson } from "~/lib/product-json-ld";
import { useNonce } from "./nonce";
import { useIvaIncluded } from "./price-display";

/** The product page's schema.org description, in a script with the page's CSP nonce. */
export function ProductJsonLd(props: {
  product: Parameters<typeof productJsonLd>[0];
  material: string | null;
  origin: string;
}) {
  const nonce = useNonce();
  const json = productJsonLd(props.product, { ...props, ivaIncluded: useIvaIncluded() });
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: scriptJson(json) }}
    />
  );
}
