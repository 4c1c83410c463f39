import type { MetaFunction } from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { CollectionFilters } from "~/components/collection-filters";
import { AnnouncementBar, CategoryTiles, TrustStrip } from "~/components/home-first-screen";
import { HomeRow as ServerHomeRow } from "~/components/home-row.server";
import { isFollowingMore } from "~/components/load-more";
import { lazyHydrated } from "~/components/lazy-hydrated";
import { HomeNewsletter as ServerNewsletter } from "~/components/newsletter-box.server";
import { ALL_SECTION, ProductGrid } from "~/components/product-grid";
import { collectionHref } from "~/lib/collection";
import { productSrcSet } from "~/lib/images";
import { CATEGORY_NAV, isCategoryId, SELECTED_CATEGORY_KEY, SHOP_NAME } from "~/lib/constants";
import type { loader } from "./__home.server";

// The loader and headers live in a server module: the browser build then carries no trace of the
// server modules they use (each would be one more empty chunk for the home page to fetch).
export { headers, loader } from "./__home.server";

/** The newsletter box is at the page's foot: its code arrives after the first paint. */
const HomeNewsletter = lazyHydrated(ServerNewsletter, () =>
  import("~/components/newsletter-box").then((m) => m.HomeNewsletter),
);

/** Más vendidos and the season's gifts: links and prices, hydrated once their code has arrived. */
const HomeRow = lazyHydrated(ServerHomeRow, () => import("~/components/home-row").then((m) => m.HomeRow));

/** "Ver más" moved the address to the page it appended: the grid already shows it, nothing to load. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isFollowingMore(nextUrl) ? false : defaultShouldRevalidate;

export default function Home() {
  const { section, list, filters, total, error, home } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  useStoredCategory(section.category);

  const isAll = section.category === "all";
  const label = CATEGORY_NAV.find((c) => c.id === section.category)?.label ?? "Todo";
  return (
    <>
      {home ? <AnnouncementBar /> : null}
      {isAll ? <Hero /> : null}
      {home ? (
        <>
          <TrustStrip />
          <CategoryTiles />
          <HomeRow id="mas-vendidos" title="Más vendidos" products={home.bestSellers} moreHref="/?orden=destacados" />
          <HomeRow
            id="regalos"
            title={home.season.title}
            subtitle={home.season.subtitle}
            products={home.gift}
            moreHref={`/?ocasion=${home.season.occasion}`}
          />
        </>
      ) : null}
      <ProductGrid
        heading={isAll ? ALL_SECTION.name : (section.name ?? label)}
        subtitle={isAll ? ALL_SECTION.description : section.description}
        category={section.category}
        list={list}
        loading={loading}
        error={error}
        headingLevel={isAll ? 2 : 1}
        belowTheFold={home !== null}
        pageHref={(page) => collectionHref(section.category, filters, page)}
        toolbar={
          total === null ? null : <CollectionFilters category={section.category} filters={filters} total={total} />
        }
      />
      <div id="newsletter" data-slot="newsletter">
        <HomeNewsletter />
      </div>
    </>
  );
}

/**
 * A category chosen off the home page is stored under SELECTED_CATEGORY_KEY, then the
 * home page applies it and scrolls to the grid. The URL stays the source of truth (shareable,
 * works without JavaScript); the stored value is consumed once.
 */
function useStoredCategory(current: string) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(SELECTED_CATEGORY_KEY);
      if (stored !== null) window.localStorage.removeItem(SELECTED_CATEGORY_KEY);
    } catch {
      return; // storage disabled: the URL alone decides
    }
    if (stored === null || !isCategoryId(stored)) return;
    if (stored !== current) {
      navigate(stored === "all" ? "/#productos" : `/?categoria=${stored}#productos`, { replace: true });
    } else {
      document.getElementById("productos")?.scrollIntoView({ behavior: "smooth" });
    }
  }, [current, navigate, location.key]);
}

/** The render in the hero: the Solitario Aurora in yellow gold. */
const HERO_PIECE = "/images/products/anillo-solitario-aurora-oro.webp";

function Hero() {
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  return (
    <section aria-labelledby="hero-titulo" className="hero">
      <div className="hero-inner">
        <div>
          <p className="eyebrow text-gold-300">Colección de temporada</p>
          <h1 id="hero-titulo" className="hero-title">
            Joyas que cuentan tu historia
          </h1>
          <p className="mt-6 max-w-md text-ivory-200/85">
            Oro de 14k, plata .925 y piedras elegidas a mano. Diseñadas en la Ciudad de México, enviadas a todo el país.
          </p>
          <a
            href="#productos"
            className="hero-cta"
            onClick={(event) => {
              // With JavaScript the hero steps aside and the grid comes up; without it, a plain anchor.
              event.preventDefault();
              setHidden(true);
              requestAnimationFrame(() => document.getElementById("productos")?.scrollIntoView({ behavior: "smooth" }));
            }}
          >
            Explorar la colección
          </a>
        </div>
        <div aria-hidden="true" className="hero-ornament">
          <div>
            {/* A rendered piece of the catalogue in the gold rings: the shop's own work, not clip art. */}
            <img
              src={HERO_PIECE}
              srcSet={productSrcSet(HERO_PIECE)}
              sizes="(min-width:768px) 16rem, 10rem"
              alt=""
              width={256}
              height={256}
              {...{ fetchpriority: "high" }}
            />
          </div>
        </div>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const category = data?.section.category ?? "all";
  const label = CATEGORY_NAV.find((c) => c.id === category)?.label;
  const title = category === "all" || !label ? `${SHOP_NAME} — Joyería fina en México` : `${label} — ${SHOP_NAME}`;
  const description =
    category === "all" || !data?.section.description
      ? "Anillos, collares, pulseras y pendientes de oro y plata .925. Envíos a todo México, pago seguro con tarjeta."
      : data.section.description;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data?.canonical ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
    ...(data?.prev ? [{ tagName: "link", rel: "prev", href: data.prev }] : []),
    ...(data?.next ? [{ tagName: "link", rel: "next", href: data.next }] : []),
  ];
};
