import type { LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORY_NAV } from "~/lib/constants";
import { LEGAL_PAGES } from "~/lib/shop-info";
import { getSitemapProducts } from "~/models/product.server";
import { getPublicOrigin } from "~/utils/origin.server";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** /sitemap.xml: the home page, each category and every product (one database round trip). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = getPublicOrigin(request);
  const products = await getSitemapProducts();
  const urls = [
    `<url><loc>${escapeXml(`${origin}/`)}</loc><changefreq>daily</changefreq><priority>1.0</priority></url>`,
    ...CATEGORY_NAV.filter((c) => c.id !== "all").map(
      (c) =>
        `<url><loc>${escapeXml(`${origin}/?categoria=${c.id}`)}</loc><changefreq>daily</changefreq><priority>0.8</priority></url>`,
    ),
    `<url><loc>${escapeXml(`${origin}/guia-de-tallas`)}</loc><priority>0.4</priority></url>`,
    ...LEGAL_PAGES.map((page) => `<url><loc>${escapeXml(`${origin}${page.href}`)}</loc><priority>0.2</priority></url>`),
    ...products.map(
      (p) =>
        `<url><loc>${escapeXml(`${origin}/producto/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod><priority>0.6</priority></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
