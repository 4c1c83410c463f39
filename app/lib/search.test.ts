import { describe, expect, it } from "vitest";
import { GRID_MAX_PAGE } from "./constants";
import { escapeLike, parseSearchParams, searchHref } from "./search";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("has the defaults: no text, all categories, the most relevant first, 0 to 10000 pesos", () => {
    expect(parse("")).toEqual({
      q: "",
      categoria: null,
      orden: "relevancia",
      ofertas: false,
      min: 0,
      max: 10_000,
      pagina: 1,
    });
  });

  it("trims the text and reads every filter", () => {
    expect(parse("q=%20%20Anillo%20&categoria=rings&orden=precio-desc&ofertas=1&min=500&max=2500")).toEqual({
      q: "Anillo",
      categoria: "rings",
      orden: "precio-desc",
      ofertas: true,
      min: 500,
      max: 2500,
      pagina: 1,
    });
  });

  it("falls back to defaults on unknown or malformed values instead of failing", () => {
    expect(parse("categoria=all&orden=drop&min=abc&max=-5&ofertas=no")).toEqual({
      q: "",
      categoria: null,
      orden: "relevancia",
      ofertas: false,
      min: 0,
      max: 0,
      pagina: 1,
    });
  });

  it("clamps bounds to 0–10000 and swaps them when reversed", () => {
    expect(parse("min=20000&max=300")).toMatchObject({ min: 300, max: 10_000 });
    expect(parse("min=-10&max=99999")).toMatchObject({ min: 0, max: 10_000 });
  });

  it("takes a price bound's last non-empty value: a typed price over its slider, else the slider", () => {
    expect(parse("min=1000&min=2500&max=8000&max=")).toMatchObject({ min: 2500, max: 8000 });
    expect(parse("min=1000&min=&max=10000&max=%20")).toMatchObject({ min: 1000, max: 10_000 });
  });
});

describe("search pages", () => {
  it("reads pagina, with junk as page 1 and anything deeper than the last page served capped", () => {
    expect(parse("q=oro&pagina=3").pagina).toBe(3);
    for (const junk of ["abc", "0", "-2", "1.5", "", "1e3"]) expect(parse(`q=oro&pagina=${junk}`).pagina).toBe(1);
    expect(parse("q=oro&pagina=999999999").pagina).toBe(GRID_MAX_PAGE);
  });

  it("links a page with the filters that differ from the defaults, page 1 without pagina", () => {
    const params = parse("q=anillo oro&orden=precio-asc&ofertas=1&min=0&max=10000");
    expect(searchHref(params, 1)).toBe("/search?q=anillo+oro&orden=precio-asc&ofertas=1");
    expect(searchHref(params, 2)).toBe("/search?q=anillo+oro&orden=precio-asc&ofertas=1&pagina=2");
    // The default order (relevance) is left out; Nombre A-Z, once chosen, is not.
    expect(searchHref(parse("q=anillo&orden=relevancia"), 1)).toBe("/search?q=anillo");
    expect(searchHref(parse("q=anillo&orden=nombre"), 1)).toBe("/search?q=anillo&orden=nombre");
  });
});

describe("escapeLike", () => {
  it("escapes LIKE wildcards and backslashes so they match literally", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(escapeLike("anillo")).toBe("anillo");
  });
});

describe("search text hygiene", () => {
  it("turns control characters (NUL among them) into spaces", () => {
    expect(parseSearchParams(new URLSearchParams("q=ani\u0000llo\toro\u0085")).q).toBe("ani llo oro");
    expect(parseSearchParams(new URLSearchParams("q=%00")).q).toBe("");
  });
});
