import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Link, writesPlainAnchor } from "./link";

/** Renders `element` on the server as a page at `url` would, inside React Router's static router. */
async function renderAt(url: string, element: JSX.Element): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const click = () => {};

/** The links of the shop's pages, and the props Remix's Link takes that never reach the HTML. */
const WRITTEN_DIRECTLY: LinkProps[] = [
  { to: "/", children: "Inicio" },
  { to: "/cart", className: "btn-ghost relative", "aria-label": "Carrito, 2 piezas", children: <span>2</span> },
  { to: "/?categoria=rings#productos", discover: "none", "data-category": "rings", children: "Anillos" } as LinkProps,
  { to: "/producto/3", prefetch: "intent", children: "Anillo" },
  { to: "/producto/3", prefetch: "viewport", children: "Anillo" },
  { to: "/login?redirectTo=%2Fcart%3Fa%3D1", children: "Iniciar Sesión" },
  { to: "/orders", reloadDocument: true, children: "Mis Pedidos" },
  { to: "/aviso-de-privacidad", target: "_blank", rel: "noopener", children: "Aviso" },
  { to: "/cart", replace: true, state: { from: "header" }, preventScrollReset: true, onClick: click, children: "x" },
  { to: "/guia-de-tallas/", id: "guia", style: { color: "red" }, tabIndex: -1, children: "Guía" },
  { to: "/search?q=anillo%20de%20oro", "aria-current": "page", children: "Buscar" },
  { to: "/search?q=añillo de oro&orden=precio#resultados", children: "Buscar" },
  { to: "/uploads/a.b.jpg", children: "foto" },
];

/** Links Remix writes differently from their `to`, or with more than an anchor: left to Remix. */
const LEFT_TO_REMIX: LinkProps[] = [
  { to: "?pagina=2", children: "Más" },
  { to: "../cart", children: "Atrás" },
  { to: "/a/../cart", children: "Atrás" },
  { to: "/./cart", children: "Carrito" },
  { to: "/cart?", children: "Carrito" },
  { to: "/cart#", children: "Carrito" },
  { to: "//cdn.example/x", children: "CDN" },
  { to: "https://www.instagram.com/joyeria", children: "Instagram" },
  { to: { pathname: "/cart", search: "?a=1" }, children: "Carrito" },
  { to: "/cart", prefetch: "render", children: "Carrito" },
];

describe("the shop's Link on the server", () => {
  it("writes the shop's own paths itself", () => {
    for (const props of WRITTEN_DIRECTLY) expect(writesPlainAnchor(props), String(props.to)).toBe(true);
    for (const props of LEFT_TO_REMIX) expect(writesPlainAnchor(props), JSON.stringify(props.to)).toBe(false);
  });

  it.each(["/", "/cart?x=1", "/producto/7"])("writes exactly the HTML Remix's Link writes, on %s", async (url) => {
    // prefetch="render" needs Remix's whole context to render; it is left to Remix (above).
    const cases = [...WRITTEN_DIRECTLY, ...LEFT_TO_REMIX.filter((props) => props.prefetch !== "render")];
    const renderWith = (Component: typeof Link | typeof RemixLink) =>
      renderAt(
        url,
        <div>
          {cases.map((props, i) => (
            <Component key={i} {...props} />
          ))}
        </div>,
      );
    const ours = await renderWith(Link);
    const remix = await renderWith(RemixLink);
    expect(ours).toBe(remix);
    expect(ours).toContain(
      '<a class="btn-ghost relative" aria-label="Carrito, 2 piezas" data-discover="true" href="/cart">',
    );
  });
});
