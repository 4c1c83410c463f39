import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETURN_REASON,
  OrderActionSchema,
  parsePesos,
  parseStock,
  PRICE_MESSAGES,
  PRODUCT_MESSAGES,
  ProductSchema,
  RETURN_MESSAGES,
  ReturnSchema,
  TRACKING_MESSAGES,
} from "./admin";
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
  const valid = { name: "Anillo", price: "1000", image: "/images/products/a.svg", categoryId: "1" };

  it("fills the optional fields and the flags", () => {
    expect(parseForm(ProductSchema, valid).value).toEqual({
      name: "Anillo",
      price: 100_000,
      originalPrice: null,
      image: "/images/products/a.svg",
      description: "",
      material: null,
      categoryId: 1,
      stock: 0,
      inStock: false,
      isNew: false,
      isFeatured: false,
    });
  });

  it("refuses a zero price, an original price not above it and a script address", () => {
    expect(parseForm(ProductSchema, { ...valid, price: "0" }).errors).toEqual({ price: PRICE_MESSAGES.positive });
    expect(parseForm(ProductSchema, { ...valid, originalPrice: "1000" }).errors).toEqual({
      originalPrice: PRICE_MESSAGES.originalBelow,
    });
    expect(parseForm(ProductSchema, { ...valid, image: "javascript:alert(1)" }).errors).toEqual({
      image: PRODUCT_MESSAGES.imageInvalid,
    });
    expect(parseForm(ProductSchema, { ...valid, image: "//evil.example/a.jpg" }).errors).toEqual({
      image: PRODUCT_MESSAGES.imageInvalid,
    });
    expect(parseForm(ProductSchema, { ...valid, name: "x".repeat(121) }).errors).toEqual({
      name: PRODUCT_MESSAGES.nameTooLong,
    });
  });
});

describe("ReturnSchema", () => {
  it("defaults the reason and normalises the order number", () => {
    expect(parseForm(ReturnSchema, { orderNumber: " lj123456 " }).value).toEqual({
      orderNumber: "LJ123456",
      reason: DEFAULT_RETURN_REASON,
    });
    expect(parseForm(ReturnSchema, { orderNumber: "123" }).errors).toEqual({
      orderNumber: RETURN_MESSAGES.orderRequired,
    });
  });
});

describe("OrderActionSchema", () => {
  it("accepts an empty tracking code (removes it) and refuses markup", () => {
    expect(parseForm(OrderActionSchema, { intent: "tracking", orderId: "3" }).value).toEqual({
      intent: "tracking",
      orderId: 3,
      trackingCode: "",
    });
    expect(parseForm(OrderActionSchema, { intent: "tracking", orderId: "3", trackingCode: "<b>" }).errors).toEqual({
      trackingCode: TRACKING_MESSAGES.invalid,
    });
  });
});
