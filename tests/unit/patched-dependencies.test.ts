import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import type * as RouterModule from "@remix-run/router";
import type * as RouterDomServer from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * scripts/patch-dependencies.mjs: the installed dependencies are patched (npm install's postinstall
 * and the Dockerfile apply it), and each answers as before: the router's matching (the expected
 * answers are the unpatched 1.23.3's, compared once by hand on these paths) and the static router.
 * What the verification refuses: tests/unit/patch-dependencies-verify.test.ts.
 */
const root = path.resolve(import.meta.dirname, "../..");
// The installed packages' CommonJS builds, the ones the server loads (and the ones patched).
const requireInstalled = createRequire(path.join(root, "package.json"));
const router = requireInstalled("@remix-run/router") as typeof RouterModule;

type Route = RouterModule.AgnosticRouteObject;

const shop = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "product", path: "producto/:id" },
      { id: "cart", path: "cart" },
      { id: "robots", path: "robots.txt" },
      { id: "uploads", path: "uploads/*" },
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "admin-home", index: true },
          { id: "admin-new", path: "productos/nuevo" },
          { id: "admin-product", path: "productos/:id" },
        ],
      },
      { id: "slip", path: "admin/pedidos/:number/empaque" },
      { id: "exact-case", path: "Guia", caseSensitive: true },
      { id: "not-found", path: "*" },
    ],
  },
];

const ids = (routes: Route[], pathname: string) =>
  router.matchRoutes(routes, pathname)?.map((m) => [m.route.id, m.params, m.pathname]) ?? null;

describe("patched route matching", () => {
  it("is applied to the installed router", () => {
    const result = spawnSync(process.execPath, [path.join(root, "scripts/patch-dependencies.mjs"), "--check"], {
      encoding: "utf8",
    });
    expect(result.stderr).not.toContain("FAILED");
    expect(result.status).toBe(0);
  });

  it("matches as the router always has, first call or cached", () => {
    const routes = shop();
    const expected: Array<[string, unknown]> = [
      [
        "/",
        [
          ["root", {}, "/"],
          ["home", {}, "/"],
        ],
      ],
      [
        "/producto/12",
        [
          ["root", { id: "12" }, "/"],
          ["product", { id: "12" }, "/producto/12"],
        ],
      ],
      [
        "/producto/12/",
        [
          ["root", { id: "12" }, "/"],
          ["product", { id: "12" }, "/producto/12/"],
        ],
      ],
      [
        "/admin/productos/nuevo",
        [
          ["root", {}, "/"],
          ["admin", {}, "/admin"],
          ["admin-new", {}, "/admin/productos/nuevo"],
        ],
      ],
      [
        "/admin/productos/7",
        [
          ["root", { id: "7" }, "/"],
          ["admin", { id: "7" }, "/admin"],
          ["admin-product", { id: "7" }, "/admin/productos/7"],
        ],
      ],
      [
        "/ADMIN",
        [
          ["root", {}, "/"],
          ["admin", {}, "/ADMIN"],
          ["admin-home", {}, "/ADMIN/"],
        ],
      ],
      [
        "/admin/pedidos/JA-1/empaque",
        [
          ["root", { number: "JA-1" }, "/"],
          ["slip", { number: "JA-1" }, "/admin/pedidos/JA-1/empaque"],
        ],
      ],
      [
        "/uploads/a/b.webp",
        [
          ["root", { "*": "a/b.webp" }, "/"],
          ["uploads", { "*": "a/b.webp" }, "/uploads/a/b.webp"],
        ],
      ],
      [
        "/guia",
        [
          ["root", { "*": "guia" }, "/"],
          ["not-found", { "*": "guia" }, "/guia"],
        ],
      ],
      [
        "/Guia",
        [
          ["root", {}, "/"],
          ["exact-case", {}, "/Guia"],
        ],
      ],
      [
        "/robots.txt",
        [
          ["root", {}, "/"],
          ["robots", {}, "/robots.txt"],
        ],
      ],
      [
        "/producto%2012",
        [
          ["root", { "*": "producto 12" }, "/"],
          ["not-found", { "*": "producto 12" }, "/producto 12"],
        ],
      ],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [pathname, matches] of expected)
        expect(ids(routes, pathname), `${pathname} #${round}`).toEqual(matches);
    }
    // Each call gets params of its own: changing one answer's never changes the next one's.
    const first = router.matchRoutes(routes, "/producto/1")!;
    (first[1]!.params as Record<string, string>).id = "changed";
    expect(router.matchRoutes(routes, "/producto/1")![1]!.params.id).toBe("1");
  });

  it("matches a path too long to be remembered, every time", () => {
    const routes = shop();
    const long = `/producto/${"x".repeat(600)}`;
    for (let round = 0; round < 2; round++) {
      expect(ids(routes, long)?.at(-1)).toEqual(["product", { id: "x".repeat(600) }, long]);
    }
  });

  it("keeps apart two route tables, and paths matched on their own", () => {
    const a = shop();
    const b: Route[] = [{ id: "other", path: "producto/:slug" }];
    expect(ids(a, "/producto/3")?.at(-1)).toEqual(["product", { id: "3" }, "/producto/3"]);
    expect(ids(b, "/producto/3")).toEqual([["other", { slug: "3" }, "/producto/3"]]);
    expect(ids(a, "/producto/3")?.at(-1)).toEqual(["product", { id: "3" }, "/producto/3"]);
    expect(router.matchPath("/producto/:id", "/producto/5")?.params).toEqual({ id: "5" });
    expect(router.matchPath({ path: "/Producto/:id", caseSensitive: true }, "/producto/5")).toBeNull();
    expect(router.matchPath({ path: "/Producto/:id", caseSensitive: false }, "/producto/5")?.params).toEqual({
      id: "5",
    });
    expect(router.matchPath({ path: "/producto", end: false }, "/producto/5")?.pathname).toBe("/producto");
    expect(router.matchPath({ path: "/producto", end: true }, "/producto/5")).toBeNull();
  });
});

describe("server routes built once per build", () => {
  const { createStaticHandler, createStaticRouter } = requireInstalled(
    "react-router-dom/server",
  ) as typeof RouterDomServer;

  it("react-router-dom's static router converts one routes array once, and answers as before", async () => {
    const handler = createStaticHandler(shop());
    const context = await handler.query(new Request("http://localhost/admin/productos/7"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const first = createStaticRouter(handler.dataRoutes, context);
    const second = createStaticRouter(handler.dataRoutes, context);
    expect(second.routes).toBe(first.routes);
    for (const router of [first, second]) {
      expect(router.state.matches.map((m) => [m.route.id, m.params, m.pathname])).toEqual([
        ["root", { id: "7" }, "/"],
        ["admin", { id: "7" }, "/admin"],
        ["admin-product", { id: "7" }, "/admin/productos/7"],
      ]);
      // The matches point at the routes the router renders, as the unpatched router made them.
      expect(router.state.matches[1]!.route).toBe(router.routes[0]!.children![5]);
    }
    // Another array (another build) gets routes of its own.
    expect(createStaticRouter([...handler.dataRoutes], context).routes).not.toBe(first.routes);
  });
});
