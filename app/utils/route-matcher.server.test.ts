import { describe, expect, it } from "vitest";
import { routeMatcher } from "./route-matcher.server";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
});

// The shape of the shop's routes: flat files with a layout (admin) and index routes with a path.
const routes = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("routes/_index", "root", undefined, true),
    route("routes/producto.$id", "root", "producto/:id"),
    route("routes/admin", "root", "admin"),
    route("routes/admin._index", "routes/admin", undefined, true),
    route("routes/admin.productos._index", "routes/admin", "productos", true),
    route("routes/$", "root", "*"),
  ].map((r) => [r.id, r]),
);

describe("routeMatcher", () => {
  const routeIdOf = routeMatcher(routes);

  it("names the route that answers a page and its single-fetch data request", () => {
    expect(routeIdOf("/")).toBe("routes/_index");
    expect(routeIdOf("/_root.data")).toBe("routes/_index");
    expect(routeIdOf("/producto/7?variante=2")).toBe("routes/producto.$id");
    expect(routeIdOf("/producto/7.data")).toBe("routes/producto.$id");
    expect(routeIdOf("/admin")).toBe("routes/admin._index");
    expect(routeIdOf("/admin/productos")).toBe("routes/admin.productos._index");
    expect(routeIdOf("/no/existe")).toBe("routes/$");
  });

  it("gives a path that cannot be decoded no route", () => {
    expect(routeIdOf("/producto/%E0%A4%A")).toBe("unmatched");
  });
});
