import { describe, expect, it } from "vitest";
import {
  chooseVariant,
  displayValues,
  galleryImages,
  materialOf,
  modelsOf,
  pickedSize,
  sizeMissing,
  sizesFor,
} from "./variants";

const v = (id: number, model: string | null, size: string | null, stock = 5, price = 1000_00) => ({
  id,
  model,
  size,
  stock,
  price,
  originalPrice: null,
  image: null,
  images: [] as { url: string; alt: string }[],
});

const ring = [
  v(1, "Oro amarillo", "6", 0),
  v(2, "Oro amarillo", "7", 3),
  v(3, "Oro blanco", "7", 2, 1200_00),
  v(4, "Oro blanco", "8", 1, 1250_00),
];

describe("variant options", () => {
  it("lists distinct models in order and the sizes of the chosen model", () => {
    expect(modelsOf(ring)).toEqual(["Oro amarillo", "Oro blanco"]);
    expect(sizesFor(ring, "Oro amarillo")).toEqual(["6", "7"]);
    expect(sizesFor(ring, "Oro blanco")).toEqual(["7", "8"]);
  });

  it("offers every size when the product has no models", () => {
    const bracelet = [v(1, null, "S"), v(2, null, "M"), v(3, null, "M")];
    expect(modelsOf(bracelet)).toEqual([]);
    expect(sizesFor(bracelet, null)).toEqual(["S", "M"]);
  });
});

describe("chooseVariant", () => {
  it("picks the variant of the chosen model and size", () => {
    const choice = chooseVariant(ring, { model: "Oro blanco", size: "8" });
    expect(choice.variant?.id).toBe(4);
    expect(choice.sizes).toEqual(["7", "8"]);
  });

  it("defaults to the first model and its first size in stock", () => {
    const choice = chooseVariant(ring, {});
    expect(choice.model).toBe("Oro amarillo");
    expect(choice.size).toBe("7");
    expect(choice.variant?.id).toBe(2);
  });

  it("ignores a size that the chosen model does not offer, and unknown models", () => {
    expect(chooseVariant(ring, { model: "Oro blanco", size: "6" }).variant?.id).toBe(3);
    expect(chooseVariant(ring, { model: "Platino", size: "8" }).model).toBe("Oro amarillo");
  });

  it("keeps a sold-out size when it was chosen explicitly", () => {
    expect(chooseVariant(ring, { model: "Oro amarillo", size: "6" }).variant?.id).toBe(1);
  });

  it("returns no variant for a product without variants", () => {
    expect(chooseVariant([], { model: "x" })).toEqual({
      variant: null,
      model: null,
      size: null,
      models: [],
      sizes: [],
    });
  });
});

describe("displayValues and galleryImages", () => {
  const product = {
    price: 900_00,
    originalPrice: 1000_00,
    stock: 9,
    image: "/p.jpg",
    images: [{ url: "/p1.jpg", alt: "" }],
  };

  it("shows the variant's price, original price, stock and image, falling back to the product's image", () => {
    expect(displayValues(product, null)).toEqual({ price: 900_00, originalPrice: 1000_00, stock: 9, image: "/p.jpg" });
    expect(displayValues(product, { price: 1200_00, originalPrice: null, stock: 0, image: null })).toEqual({
      price: 1200_00,
      originalPrice: null,
      stock: 0,
      image: "/p.jpg",
    });
  });

  it("puts the variant's images first when it has any, else the product's", () => {
    const variant = { image: "/v.jpg", images: [{ url: "/v1.jpg", alt: "" }] };
    expect(galleryImages(product, variant).map((i) => i.url)).toEqual(["/v1.jpg"]);
    expect(galleryImages(product, { image: "/v.jpg", images: [] }).map((i) => i.url)).toEqual(["/p1.jpg"]);
    expect(galleryImages({ ...product, images: [] }, null).map((i) => i.url)).toEqual(["/p.jpg"]);
  });
});

describe("materialOf", () => {
  const ring = { material: "Oro blanco 14k" };

  it("follows the chosen variant when it has its own material", () => {
    expect(materialOf(ring, { material: "Oro amarillo 14k" })).toBe("Oro amarillo 14k");
  });

  it("falls back to the product's material without a variant or without the variant's own", () => {
    expect(materialOf(ring, null)).toBe("Oro blanco 14k");
    expect(materialOf(ring, { material: null })).toBe("Oro blanco 14k");
    expect(materialOf(ring, { material: "  " })).toBe("Oro blanco 14k");
  });

  it("is null when neither says anything", () => {
    expect(materialOf({ material: " " }, { material: null })).toBeNull();
    expect(materialOf({ material: null }, undefined)).toBeNull();
  });
});

describe("a size is chosen, never assumed (issue 37)", () => {
  it("picks no size until the shopper names one on offer", () => {
    const none = chooseVariant(ring, { model: "Oro blanco" });
    expect(pickedSize(none, { model: "Oro blanco" })).toBeNull();
    expect(sizeMissing(none, { model: "Oro blanco" })).toBe(true);
    // A size of another model (or none at all) is no choice either.
    expect(sizeMissing(none, { model: "Oro blanco", size: "6" })).toBe(true);
    const eight = { model: "Oro blanco", size: "8" };
    expect(pickedSize(chooseVariant(ring, eight), eight)).toBe("8");
    expect(sizeMissing(chooseVariant(ring, eight), eight)).toBe(false);
  });

  it("asks nothing of a piece without sizes (one variant, or models only)", () => {
    expect(sizeMissing(chooseVariant([]), {})).toBe(false);
    const metals = [v(1, "Oro", null), v(2, "Plata", null)];
    expect(sizeMissing(chooseVariant(metals, { model: "Plata" }), { model: "Plata" })).toBe(false);
  });
});
