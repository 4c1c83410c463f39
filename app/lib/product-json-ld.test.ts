import { describe, expect, it } from "vitest";
import { productJsonLd, scriptJson } from "./product-json-ld";

const ring = {
  id: 7,
  name: "Anillo Aurora",
  description: "Oro blanco con un diamante.",
  image: "/images/products/anillo.webp",
  images: [{ url: "https://cdn.example/otro.webp" }],
  price: 1_000_00,
  stock: 0,
  category: { name: "Anillos" },
  variants: [
    { id: 1, name: "Talla 6", price: 1_000_00, stock: 2 },
    { id: 2, name: "Talla 7", price: 1_200_00, stock: 0 },
  ],
  rating: { average: 4.5, count: 2 },
};

describe("productJsonLd", () => {
  it("offers each variant in MXN with its stock, on absolute URLs", () => {
    const json = productJsonLd(ring, { material: "Oro blanco 14k", origin: "https://joyeria.mx", ivaIncluded: false });
    expect(json).toMatchObject({
      "@type": "Product",
      sku: "7",
      material: "Oro blanco 14k",
      image: ["https://joyeria.mx/images/products/anillo.webp", "https://cdn.example/otro.webp"],
      aggregateRating: { ratingValue: "4.5", reviewCount: 2 },
    });
    expect(json.offers).toEqual([
      expect.objectContaining({
        sku: "7-1",
        price: "1000.00",
        priceCurrency: "MXN",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({ sku: "7-2", price: "1200.00", availability: "https://schema.org/OutOfStock" }),
    ]);
  });

  it("states the prices with IVA when the shop shows them so, and the product's own offer without variants", () => {
    const json = productJsonLd(
      { ...ring, variants: [], stock: 3, rating: null },
      { material: null, origin: "https://joyeria.mx", ivaIncluded: true },
    );
    expect(json.offers).toMatchObject({ price: "1160.00", priceSpecification: { valueAddedTaxIncluded: true } });
    expect(json).not.toHaveProperty("material");
    expect(json).not.toHaveProperty("aggregateRating");
  });

  it("never lets a product's text close the script element", () => {
    expect(scriptJson({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
