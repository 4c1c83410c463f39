import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { createElement, type ReactElement } from "react";
import type * as RouterModule from "@remix-run/router";
import type * as ReactDomServer from "react-dom/server";
import type * as RouterDomServer from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * scripts/patch-dependencies.mjs: the installed dependencies are patched (npm install's postinstall
 * and the Dockerfile apply it), and each answers as before: the router's matching (the expected
 * answers are the unpatched 1.23.3's, compared once by hand on these paths), the static router, the
 * requests Remix hands loaders, React's page writer.
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
    expect(result.stderr).toBe("");
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

describe("a request without a query passed on as it is", () => {
  type Data = {
    callRouteLoader: (args: object) => Promise<unknown>;
    callRouteAction: (args: object) => Promise<unknown>;
  };
  const data = requireInstalled("@remix-run/server-runtime/dist/data.js") as Data;

  /** The request a loader (or action) is handed for `request`. */
  async function handed(call: Data["callRouteLoader"], request: Request): Promise<Request> {
    let seen: Request | undefined;
    await call({
      request,
      loadContext: {},
      params: {},
      routeId: "routes/cart",
      singleFetch: true,
      [call === data.callRouteLoader ? "loader" : "action"]: ({ request }: { request: Request }) => {
        seen = request;
        return null;
      },
    });
    return seen!;
  }

  it("hands loaders and actions the request itself when its address has no query", async () => {
    const get = new Request("http://localhost/cart", { headers: { Cookie: "a=1" } });
    expect(await handed(data.callRouteLoader, get)).toBe(get);
    const post = new Request("http://localhost/cart", { method: "POST", body: "intent=add" });
    const action = await handed(data.callRouteAction, post);
    expect(action).toBe(post);
    expect(await action.text()).toBe("intent=add");
  });

  it("still strips Remix's own parameters from an address with a query, and keeps the others", async () => {
    const request = new Request("http://localhost/search?q=anillo%20oro&index&_routes=root");
    const loaderRequest = await handed(data.callRouteLoader, request);
    expect(loaderRequest).not.toBe(request);
    expect(loaderRequest.url).toBe("http://localhost/search?q=anillo+oro");
    const post = new Request("http://localhost/?index", { method: "POST", body: "email=a%40b.mx" });
    const action = await handed(data.callRouteAction, post);
    expect(action.url).toBe("http://localhost/");
    expect(await action.text()).toBe("email=a%40b.mx");
  });
});

describe("React's page writer: the text encoded in pieces, whole characters only", () => {
  // The production build of react-dom's server renderer for Node, the one the shop's server loads (and
  // the one patched; tests otherwise get React's development build), and the legacy renderToString,
  // which writes strings and was never affected.
  const { renderToPipeableStream } = requireInstalled(
    path.join(root, "node_modules/react-dom/cjs/react-dom-server.node.production.min.js"),
  ) as {
    renderToPipeableStream: typeof ReactDomServer.renderToPipeableStream;
  };
  const { renderToString } = requireInstalled(
    path.join(root, "node_modules/react-dom/cjs/react-dom-server-legacy.node.production.min.js"),
  ) as {
    renderToString: typeof ReactDomServer.renderToString;
  };

  /** A page of Spanish text: two- and three-byte characters (and four-byte emoji) all along. */
  function Page({ shift }: { shift: number }) {
    return createElement(
      "main",
      { "aria-label": "Catálogo — Joyería" },
      // A text this long is written on its own (React's buffer starts afresh after it): the shift
      // after it moves every later character across the 2 KB boundaries.
      createElement("p", null, "Anillo de oro 18 k con diamante — ñandú ✨💍 ".repeat(60)),
      createElement("p", null, "x".repeat(shift)),
      ...Array.from({ length: 150 }, (_, i) =>
        createElement("a", { key: i, href: `/producto/${i}`, "aria-label": "Abrir menú" }, "Garantía de 90 días ", i),
      ),
    );
  }

  function streamed(element: ReactElement): Promise<string> {
    return new Promise((resolve, reject) => {
      const pieces: Buffer[] = [];
      const { pipe } = renderToPipeableStream(element, {
        onAllReady() {
          pipe(
            new Writable({
              write(piece: Uint8Array, _encoding, done) {
                pieces.push(Buffer.from(piece));
                done();
              },
              final(done) {
                resolve(Buffer.concat(pieces).toString("utf8"));
                done();
              },
            }),
          );
        },
        onShellError: reject,
      });
    });
  }

  it("writes the page renderToString writes, never a NUL where a character met the end of 2 KB", async () => {
    // React 18.3.1 unpatched wrote a NUL byte into a page wherever a multi-byte character did not fit
    // at the end of its 2,048-byte buffer (react#31134): "Abrir men\0ú" on some of the shop's product
    // pages. Shifting the text one character at a time puts every kind of character at the boundary.
    for (let shift = 0; shift < 16; shift += 1) {
      const html = await streamed(createElement(Page, { shift }));
      expect(html).not.toContain("\0");
      expect(html).toBe(renderToString(createElement(Page, { shift })));
    }
  });
});
