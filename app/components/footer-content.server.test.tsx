import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_INFO, type ShopInfo } from "~/lib/shop-info";
import { FooterContent } from "./footer-content";
import { FooterContent as ServerFooter } from "./footer-content.server";

/** `element` rendered as a page renders it: under the root route, whose loader data holds the IVA setting. */
async function renderInPage(element: JSX.Element, pricesIncludeIva: boolean): Promise<string> {
  const handler = createStaticHandler([
    { id: "root", path: "*", loader: () => ({ ENV: { PRICES_INCLUDE_IVA: pricesIncludeIva } }), element },
  ]);
  const context = await handler.query(new Request("http://localhost/cart"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const EDITED: ShopInfo = {
  ...DEFAULT_SHOP_INFO,
  legalName: "Joyas <Aurora> & Hijos, S.A. de C.V.",
  address: 'Calle "5" de Mayo 10, Centro',
  whatsapp: "5215512345678",
};

describe("the footer written once per value (decision 066)", () => {
  for (const [name, shop] of [
    ["the default shop", DEFAULT_SHOP_INFO],
    ["the shop's details as an admin edited them (markup characters, WhatsApp)", EDITED],
  ] as const) {
    for (const iva of [true, false]) {
      it(`is React's own render of the browser's footer: ${name}, prices ${iva ? "with" : "without"} IVA`, async () => {
        const served = await renderInPage(<ServerFooter shop={shop} />, iva);
        expect(served).toBe(await renderInPage(<FooterContent shop={shop} />, iva));
        expect(served).toContain("<footer");
        // Twice: the second answer comes from the memo.
        expect(await renderInPage(<ServerFooter shop={shop} />, iva)).toBe(served);
      });
    }
  }

  it("shows a new value at once: an edit of the shop's details is another footer, not the old one", async () => {
    const before = await renderInPage(<ServerFooter shop={DEFAULT_SHOP_INFO} />, true);
    const after = await renderInPage(<ServerFooter shop={{ ...DEFAULT_SHOP_INFO, phone: "+52 33 9999 0000" }} />, true);
    expect(after).not.toBe(before);
    expect(after).toContain("+52 33 9999 0000");
  });
});
