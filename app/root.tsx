import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { DeferredDialogs } from "./components/deferred-dialogs";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { FlashMessage } from "./components/flash-message";
import { isFollowingMore } from "./components/load-more";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { MetaPixel } from "./components/meta-pixel";
import { useNonce } from "./components/nonce";
import { CategoryMemory } from "./components/category-memory";
import { SHOP_NAME } from "./lib/constants";
import { getViewer } from "./models/viewer.server";
import tailwind from "./styles/tailwind.css?url";
import { getPublicEnv } from "./utils/env.server";
import { readFlashes } from "./utils/flash.server";

export const links: LinksFunction = () => [
  {
    rel: "preload",
    href: "/fonts/jost-es-400-normal.woff2",
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  // The serif face the first paint uses: headings and the hero's <h1> ask for 400, which Cormorant's
  // 500 face serves (only the logo uses 600). Decision 025's revision measured it.
  {
    rel: "preload",
    href: "/fonts/cormorant-garamond-es-500-normal.woff2",
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: `${SHOP_NAME} — Joyería fina en México` },
  {
    name: "description",
    content:
      "Anillos, collares, pulseras y pendientes de oro y plata .925. Envíos a todo México, pago seguro con tarjeta.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The session, the user and the cart in one statement, shared with the route's loader (/cart's lines).
  const viewer = await getViewer(request, context);
  const user = viewer?.user ?? null;
  const ENV = getPublicEnv();
  // One-shot values of the cookie (a message after a redirect, the pixel's registration event),
  // consumed by one Set-Cookie even when no pixel is configured.
  const { flash, pixelEvent, setCookie } = await readFlashes(request);
  const payload = {
    user: user ? { displayName: user.displayName, role: user.role, email: user.email } : null,
    cartCount: viewer?.cart.count ?? 0,
    flash,
    ENV,
    pixelEvent: ENV.META_PIXEL_ID ? pixelEvent : null,
  };
  if (!setCookie) return payload;
  // The Set-Cookie consumes the flash; `data()` only adds the header, the browser receives `payload`.
  return data(payload, { headers: { "Set-Cookie": setCookie } });
}

/** "Ver más" only moved the address to the page it appended: the session and the cart did not change. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isFollowingMore(nextUrl) ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1916" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:bg-white focus:p-3"
        >
          Saltar al contenido
        </a>
        <Header user={data?.user ?? null} cartCount={data?.cartCount ?? 0} />
        <NavigationProgress />
        <FlashMessage flash={data?.flash ?? null} />
        <main id="contenido" className="flex-1">
          {children}
        </main>
        <Footer shop={data?.ENV.SHOP} />
        <DeferredDialogs loggedIn={Boolean(data?.user)} />
        <MetaPixel pixelId={data?.ENV.META_PIXEL_ID ?? null} event={data?.pixelEvent ?? null} />
        <CategoryMemory />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A thin gold bar while a navigation is loading (JavaScript only). */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Cargando"
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 bg-gold-500 transition-all duration-500 ${
        busy ? "w-3/4 opacity-100" : "w-full opacity-0"
      }`}
    />
  );
}

export default function App() {
  // Marks the document once React has hydrated: JavaScript-only enhancements (modal, drawer,
  // overlay) are wired from then on. End-to-end tests wait for it before using them.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
