import { describe, expect, it } from "vitest";
import { collectionHref, isFiltered, metalsOf, NO_FILTERS, parseCollectionFilters, piecesLabel } from "./collection";

const parse = (query: string) => parseCollectionFilters(new URLSearchParams(query));

describe("collection filters", () => {
  it("reads the metal, price range, availability and order from the address", () => {
    expect(parse("metal=oro-rosa&min=500&max=10000&disponible=1&ocasion=xv-anos&orden=precio-asc")).toEqual({
      metal: "oro-rosa",
      min: 500,
      max: 10_000,
      disponible: true,
      ocasion: "xv-anos",
      orden: "precio-asc",
    });
  });

  it("takes junk as no filter, swaps reversed bounds and keeps a typed bound over an empty one", () => {
    expect(parse("metal=oro%20falso&min=abc&max=-5&disponible=0&ocasion=boda&orden=relevancia")).toEqual(NO_FILTERS);
    expect(parse("min=9000&max=100")).toMatchObject({ min: 100, max: 9000 });
    expect(parse("min=300&min=")).toMatchObject({ min: 300 });
    expect(parse("max=99999999999")).toMatchObject({ max: 10_000 });
  });

  it("writes short addresses: defaults left out, the category and page kept", () => {
    expect(collectionHref("rings", NO_FILTERS, 1)).toBe("/?categoria=rings");
    expect(collectionHref("all", NO_FILTERS, 1)).toBe("/");
    const filters = parse("metal=plata&max=2000&disponible=on&orden=nombre");
    expect(collectionHref("rings", filters, 2)).toBe(
      "/?categoria=rings&metal=plata&max=2000&disponible=1&orden=nombre&pagina=2",
    );
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(parse("orden=novedades&min=0"))).toBe(false);
  });

  it("names the metals of a material as a shopper reads them", () => {
    expect(metalsOf("Oro 14k")).toEqual(["oro-amarillo"]);
    expect(metalsOf("Oro amarillo 18k")).toEqual(["oro-amarillo"]);
    expect(metalsOf("ORO BLANCO 14k")).toEqual(["oro-blanco"]);
    expect(metalsOf("Oro rosa 14k")).toEqual(["oro-rosa"]);
    expect(metalsOf("Plata .925 con baño de oro")).toEqual(["plata"]);
    expect(metalsOf("Perlas cultivadas y oro 14k")).toEqual(["oro-amarillo"]);
    expect(metalsOf("Acero quirúrgico")).toEqual([]);
    expect(metalsOf(null)).toEqual([]);
  });

  it("counts pieces in Spanish", () => {
    expect(piecesLabel(1)).toBe("1 pieza");
    expect(piecesLabel(0)).toBe("0 piezas");
    expect(piecesLabel(1234)).toBe("1,234 piezas");
  });
});
