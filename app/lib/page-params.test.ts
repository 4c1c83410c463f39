import { describe, expect, it } from "vitest";
import { cachedRouteOf, isTrackingParam, pageAddressOf, pageParamsOf, pageSearch } from "./page-params";
import { SEARCH_PARAM_KEYS } from "./search";

describe("the query parameters that tell a page apart", () => {
  it("keeps each cached route's own parameters, sorted, and drops the rest", () => {
    expect(pageSearch("/", "?pagina=2&categoria=rings&fbclid=IwAR1&foo=1")).toBe("?categoria=rings&pagina=2");
    expect(pageSearch("/", "?orden=precio&min=100&max=900&metal=oro&disponible=1&ocasion=boda")).toBe(
      "?disponible=1&max=900&metal=oro&min=100&ocasion=boda&orden=precio",
    );
    expect(pageSearch("/search", "?q=anillo%20oro&gclid=x&ofertas=1&utm_campaign=navidad")).toBe(
      "?ofertas=1&q=anillo+oro",
    );
    expect(pageSearch("/producto/12", "?talla=7&imagen=2&modelo=Oro&ref=ig")).toBe("?imagen=2&modelo=Oro&talla=7");
    expect(pageSearch("/favoritos", "?piezas=3,1&fbclid=x")).toBe("?piezas=3%2C1");
    expect(pageSearch("/guia-de-tallas", "?anything=1")).toBe("");
    expect(pageSearch("/", "")).toBe("");
  });

  it("reads the search page's keys from the search module, and the new filters already", () => {
    for (const key of [...SEARCH_PARAM_KEYS, "metal", "disponible", "ocasion"]) {
      expect(pageParamsOf("/search")).toContain(key);
    }
  });

  it("keeps repeated values of a kept parameter in their order", () => {
    expect(pageSearch("/search", "?max=2&q=a&max=3")).toBe("?max=2&max=3&q=a");
  });

  it("drops only tracking parameters on the routes it does not cache", () => {
    expect(cachedRouteOf("/orders")).toBeNull();
    expect(pageParamsOf("/orders")).toBeNull();
    expect(pageSearch("/producto/2.data", "?_routes=root&fbclid=1&msclkid=2")).toBe("?_routes=root");
    expect(pageSearch("/orders", "?utm_source=x&b=1&a=2")).toBe("?a=2&b=1");
  });

  it("keeps on /cart only the question before clearing (its anonymous page is shared, decision 069)", () => {
    expect(cachedRouteOf("/cart")).toBe("cart");
    expect(pageSearch("/cart", "?utm_source=x&b=1&confirmar=vaciar")).toBe("?confirmar=vaciar");
    expect(pageSearch("/cart", "?b=1&fbclid=2")).toBe("");
  });

  it("knows the ad-click ids and campaign tags", () => {
    for (const name of ["fbclid", "gclid", "gbraid", "wbraid", "msclkid", "ttclid", "twclid", "li_fat_id"]) {
      expect(isTrackingParam(name), name).toBe(true);
    }
    for (const name of ["mc_cid", "mc_eid", "_hsenc", "utm_source", "utm_medium", "utm_whatever"]) {
      expect(isTrackingParam(name), name).toBe(true);
    }
    for (const name of ["q", "categoria", "pagina", "modelo", "utm"]) expect(isTrackingParam(name), name).toBe(false);
  });

  it("recognises the cached routes by path", () => {
    expect(cachedRouteOf("/")).toBe("home");
    expect(cachedRouteOf("/search")).toBe("search");
    expect(cachedRouteOf("/producto/7")).toBe("product");
    expect(cachedRouteOf("/producto/7/x")).toBeNull();
    expect(cachedRouteOf("/producto/7.data")).toBeNull();
    expect(cachedRouteOf("/favoritos")).toBe("favorites");
    expect(cachedRouteOf("/guia-de-tallas")).toBe("size-guide");
  });

  it("writes a page's own address without what does not change it", () => {
    expect(pageAddressOf("/", "?fbclid=abc&categoria=rings")).toBe("/?categoria=rings");
    expect(pageAddressOf("/producto/3", "?gclid=1")).toBe("/producto/3");
  });
});
