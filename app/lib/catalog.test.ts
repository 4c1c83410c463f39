import { describe, expect, it } from "vitest";
import { gridHref, packCard, parsePage, sortForGrid, unpackCard } from "./catalog";
import { GRID_MAX_PAGE } from "./constants";
import { cardImage, productSrcSet } from "./images";
import { cardVariants } from "./variants";
import { stockLabel, stockLevel } from "./stock";
import { displayName } from "./user";

describe("sortForGrid", () => {
  it("puts new and featured first, then new, then featured, then the rest, keeping order within a rank", () => {
    const products = [
      { id: 1, isNew: false, isFeatured: false },
      { id: 2, isNew: false, isFeatured: true },
      { id: 3, isNew: true, isFeatured: false },
      { id: 4, isNew: true, isFeatured: true },
      { id: 5, isNew: true, isFeatured: false },
      { id: 6, isNew: false, isFeatured: false },
    ];
    expect(sortForGrid(products).map((p) => p.id)).toEqual([4, 3, 5, 2, 1, 6]);
  });
});

describe("stock line", () => {
  it("follows the stock thresholds", () => {
    expect(stockLabel(0)).toBe("Agotado");
    expect(stockLabel(-2)).toBe("Agotado");
    expect(stockLabel(1)).toBe("Restantes 1");
    expect(stockLabel(20)).toBe("Restantes 20");
    expect(stockLabel(21)).toBe("Disponible");
    expect(stockLevel(5)).toBe("low");
  });
});

describe("displayName", () => {
  it("uses the name, else the e-mail before @, else Usuario", () => {
    expect(displayName({ name: "Lucía", email: "lucia@example.mx" })).toBe("Lucía");
    expect(displayName({ name: "  ", email: "mario.perez@example.mx" })).toBe("mario.perez");
    expect(displayName({ name: null, email: null })).toBe("Usuario");
  });
});

describe("price formatting for cards", () => {
  it("formats the card's price, original price and Ahorras amount in es-MX pesos", async () => {
    const { formatMoney, savings, discountPercent } = await import("./money");
    expect(formatMoney(2_499_00)).toBe("$2,499.00");
    expect(formatMoney(savings(1_899_00, 2_499_00))).toBe("$600.00");
    expect(discountPercent(1_899_00, 2_499_00)).toBe(24);
  });
});

describe("grid pages", () => {
  it("reads ?pagina: junk is page 1, beyond the deepest page served is null (404)", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("2")).toBe(2);
    expect(parsePage(" 7 ")).toBe(7);
    for (const junk of ["", "abc", "0", "-1", "2.5", "1e2", "0x10"]) expect(parsePage(junk)).toBe(1);
    expect(parsePage(String(GRID_MAX_PAGE))).toBe(GRID_MAX_PAGE);
    expect(parsePage(String(GRID_MAX_PAGE + 1))).toBeNull();
    expect(parsePage("9999999999999")).toBe(1); // not a plain number we read: junk
  });

  it("links page 1 without pagina (the canonical URL) and keeps the category", () => {
    expect(gridHref("all", 1)).toBe("/");
    expect(gridHref("all", 2)).toBe("/?pagina=2");
    expect(gridHref("rings", 1)).toBe("/?categoria=rings");
    expect(gridHref("rings", 3)).toBe("/?categoria=rings&pagina=3");
  });
});

describe("card data", () => {
  it("keeps one variant per model: the one the card shows for it", () => {
    const v = (id: number, model: string | null, size: string | null, stock: number) => ({ id, model, size, stock });
    const variants = [v(1, "Oro", "5", 0), v(2, "Oro", "6", 3), v(3, "Plata", "5", 1), v(4, "Plata", "6", 1)];
    expect(cardVariants(variants).map((x) => x.id)).toEqual([2, 3]);
    expect(cardVariants([v(5, null, "16 cm", 0), v(6, null, "18 cm", 2)]).map((x) => x.id)).toEqual([6]);
    expect(cardVariants([])).toEqual([]);
  });

  it("offers WebP copies of the shop's own pictures only", () => {
    expect(productSrcSet("/images/products/anillo.svg")).toBe(
      "/images/products/anillo-320w.webp 320w,/images/products/anillo-640w.webp 640w,/images/products/anillo-1024w.webp 1024w",
    );
    expect(cardImage("/images/products/anillo.svg")).toEqual({
      src: "/images/products/anillo-320w.webp",
      srcSet: "/images/products/anillo-640w.webp 2x",
    });
    expect(productSrcSet("https://cdn.example.com/a.jpg")).toBeUndefined();
    expect(cardImage("/images/products/../x.svg")).toEqual({ src: "/images/products/../x.svg" });
  });
});

describe("packCard", () => {
  it("leaves null and false fields and the pictures' folder out, and unpackCard puts them back", () => {
    const card = {
      id: 7,
      name: "Anillo",
      price: 100000,
      originalPrice: null,
      image: "/images/products/anillo.webp",
      material: null,
      stock: 3,
      isNew: true,
      isFeatured: false,
      rating: null,
      variants: [
        {
          id: 1,
          model: "Oro",
          size: null,
          price: 100000,
          originalPrice: 120000,
          stock: 3,
          image: null,
          material: null,
        },
      ],
    };
    const packed = packCard(card);
    expect(JSON.stringify(packed)).not.toMatch(/null|false|images\/products/);
    expect(packed.image).toBe("anillo.webp");
    expect(packed.variants?.[0]).toEqual({ id: 1, model: "Oro", price: 100000, originalPrice: 120000, stock: 3 });
    expect(unpackCard(packed)).toEqual(card);
  });
});
