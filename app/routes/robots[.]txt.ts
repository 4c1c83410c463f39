import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPublicOrigin } from "~/utils/origin.server";

/** /robots.txt: the catalogue is open; accounts, cart, checkout and admin are not for crawlers. */
export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /orders",
    "Disallow: /login",
    "Disallow: /register",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "Disallow: /search?",
    "",
    `Sitemap: ${getPublicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
