import { describe, expect, it } from "vitest";
import {
  parsePesos,
  parseStock,
  PRICE_MESSAGES,
  PRODUCT_MESSAGES,
  ProductSchema,
  VARIANT_MESSAGES,
} from "./admin-product";
import { parseForm } from "./test-utils";

describe("parseStock", () => {
  it("takes the leading whole number, 0 for anything else, never negative", () => {
    expect(parseStock("12")).toBe(12);
    expect(parseStock(" 7 piezas")).toBe(7);
    expect(parseStock("3.9")).toBe(3);
    expect(parseStock("+4")).toBe(4);
    expect(parseStock("-1")).toBe(0);
    expect(parseStock("abc")).toBe(0);
    expect(parseStock("")).toBe(0);
    expect(parseStock(undefined)).toBe(0);
    expect(parseStock(["5"])).toBe(0);
    expect(parseStock("1e9")).toBe(1);
    expect(parseStock("123456789012")).toBe(999_999);
  });
});

describe("parsePesos", () => {
  it("turns pesos as people type them into exact centavos", () => {
    expect(parsePesos("1299.50")).toBe(129_950);
    expect(parsePesos("$1,299.5")).toBe(129_950);
    expect(parsePesos("0.29")).toBe(29);
    expect(parsePesos("15")).toBe(1_500);
    expect(parsePesos("1.234")).toBeNull();
    expect(parsePesos("-5")).toBeNull();
    expect(parsePesos("mil")).toBeNull();
    expect(parsePesos("2000000")).toBeNull();
  });
});

describe("ProductSchema", () => {
  const valid = { name: "Anillo", price: "1000", images: "/images/products/a.webp", categoryId: "1" };

  it("fills the optional fields and the flags", () => {
    expect(parseForm(ProductSchema, valid).value).toEqual({
      name: "Anillo",
      price: 100_000,
      originalPrice: null,
      images: ["/images/products/a.webp"],
      imageUrl: null,
      description: "",
      material: null,
      categoryId: 1,
      stock: 0,
      inStock: false,
      isNew: false,
      isFeatured: false,
      variants: [],
    });
  });

  it("refuses a zero price, an original price not above it and a script address", () => {
    expect(parseForm(ProductSchema, { ...valid, price: "0" }).errors).toEqual({ price: PRICE_MESSAGES.positive });
    expect(parseForm(ProductSchema, { ...valid, originalPrice: "1000" }).errors).toEqual({
      originalPrice: PRICE_MESSAGES.originalBelow,
    });
    expect(parseForm(ProductSchema, { ...valid, imageUrl: "javascript:alert(1)" }).errors).toEqual({
      imageUrl: PRODUCT_MESSAGES.imageInvalid,
    });
    expect(parseForm(ProductSchema, { ...valid, images: "//evil.example/a.jpg" }).errors).toEqual({
      "images[0]": PRODUCT_MESSAGES.imageInvalid,
    });
    expect(parseForm(ProductSchema, { ...valid, name: "x".repeat(121) }).errors).toEqual({
      name: PRODUCT_MESSAGES.nameTooLong,
    });
  });

  it("needs a photo: one it has, an address or a new file", () => {
    const { images: _images, ...withoutPhoto } = valid;
    expect(parseForm(ProductSchema, withoutPhoto).errors).toEqual({ photos: PRODUCT_MESSAGES.photoRequired });
    expect(
      parseForm(ProductSchema, { ...withoutPhoto, imageUrl: "https://fotos.example/anillo.jpg" }).value,
    ).toMatchObject({
      images: [],
      imageUrl: "https://fotos.example/anillo.jpg",
    });
  });

  it("takes prices and stock per variant, and needs neither on the product then", () => {
    const value = parseForm(ProductSchema, {
      name: "Argolla",
      categoryId: "1",
      images: "/images/products/a.webp",
      "variants[0].model": "Oro amarillo",
      "variants[0].size": "6",
      "variants[0].price": "4890",
      "variants[0].stock": "3",
      "variants[1].id": "12",
      "variants[1].model": "Oro blanco",
      "variants[1].size": "6",
      "variants[1].price": "4,990.50",
      "variants[1].originalPrice": "5500",
      "variants[1].stock": "dos",
    }).value;
    expect(value?.price).toBeNull();
    expect(value?.variants).toEqual([
      {
        model: "Oro amarillo",
        size: "6",
        material: null,
        price: 489_000,
        originalPrice: null,
        stock: 3,
        image: null,
      },
      {
        id: 12,
        model: "Oro blanco",
        size: "6",
        material: null,
        price: 499_050,
        originalPrice: 550_000,
        stock: 0,
        image: null,
      },
    ]);
  });

  it("says what is wrong with a variant, next to its field", () => {
    const base = { name: "Argolla", categoryId: "1", images: "/images/products/a.webp" };
    expect(parseForm(ProductSchema, { ...base, "variants[0].price": "100" }).errors).toEqual({
      "variants[0].model": VARIANT_MESSAGES.modelOrSize,
    });
    expect(parseForm(ProductSchema, { ...base, "variants[0].size": "6" }).errors).toEqual({
      "variants[0].price": PRICE_MESSAGES.required,
    });
    expect(
      parseForm(ProductSchema, {
        ...base,
        "variants[0].model": "Oro",
        "variants[0].size": "6",
        "variants[0].price": "100",
        "variants[1].model": "oro",
        "variants[1].size": "6",
        "variants[1].price": "100",
      }).errors,
    ).toEqual({ "variants[1].size": VARIANT_MESSAGES.duplicate });
  });
});
