import { SHOP_NAME } from "./constants";
import { shownPrice } from "./checkout";

/** What the schema.org description of a product page needs. */
type JsonLdProduct = {
  id: number;
  name: string;
  description: string;
  image: string;
  images: { url: string }[];
  price: number;
  stock: number;
  category: { name: string };
  variants: { id: number; name: string; price: number; stock: number }[];
  rating: { average: number; count: number } | null;
};

/**
 * schema.org Product for search engines: one offer per variant (or the product's own), in MXN, at
 * the prices the shopper sees (with IVA when the shop shows it so), absolute URLs on `origin`.
 * `material` is the material of the piece shown (the chosen variant's when it has its own).
 */
export function productJsonLd(
  product: JsonLdProduct,
  { material, origin, ivaIncluded }: { material: string | null; origin: string; ivaIncluded: boolean },
) {
  const abs = (path: string) => (path.startsWith("http") ? path : `${origin}${path}`);
  const url = `${origin}/producto/${product.id}`;
  const offer = (price: number, stock: number, name?: string, sku?: string) => {
    const amount = (shownPrice(price, ivaIncluded) / 100).toFixed(2);
    return {
      "@type": "Offer",
      ...(name ? { name } : {}),
      ...(sku ? { sku } : {}),
      url,
      price: amount,
      priceCurrency: "MXN",
      priceSpecification: {
        "@type": "PriceSpecification",
        price: amount,
        priceCurrency: "MXN",
        valueAddedTaxIncluded: ivaIncluded,
      },
      availability: stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    };
  };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: [product.image, ...product.images.map((i) => i.url)].map(abs),
    sku: String(product.id),
    category: product.category.name,
    ...(material ? { material } : {}),
    brand: { "@type": "Brand", name: SHOP_NAME },
    offers:
      product.variants.length > 0
        ? product.variants.map((v) => offer(v.price, v.stock, v.name, `${product.id}-${v.id}`))
        : offer(product.price, product.stock),
    ...(product.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.average.toFixed(1),
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** JSON for inside a `<script>` element: "<" escaped, so no text of the product can close the tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
