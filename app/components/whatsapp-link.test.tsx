import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductWhatsApp } from "./whatsapp-link";

describe("the product page's WhatsApp link (issue 37)", () => {
  it("opens a chat with the piece's name and link, and is not there without a number", () => {
    const html = renderToStaticMarkup(
      <ProductWhatsApp number="5215512345678" name="Anillo Trilogía" url="https://tienda.example/producto/7" />,
    );
    expect(html).toContain('href="https://wa.me/5215512345678?text=Hola%2C%20me%20interesa%20esta%20pieza%3A%20Anillo');
    expect(html).toContain("tienda.example%2Fproducto%2F7");
    expect(html).toContain(">Escríbenos por WhatsApp</a>");
    expect(renderToStaticMarkup(<ProductWhatsApp number={null} name="Anillo" url="https://x/producto/1" />)).toBe("");
  });
});
