import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { SearchControls } from "~/components/search-controls";
import { SearchResults } from "~/components/search-results";
import { SHOP_NAME } from "~/lib/constants";
import type { loader as rootLoader } from "~/root";
import { parseSearchParams } from "~/lib/search";
import { searchCatalog } from "~/models/search.server";
import { absoluteUrl } from "~/utils/origin.server";
import { PUBLIC_REVALIDATE } from "~/utils/security.server";

/**
 * Search: the page without JavaScript, and the loader the overlay's fetcher calls.
 * One database round trip for a page of results (`pagina`), one more when it is empty (the
 * suggestion and the featured pieces); an empty term lists nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = parseSearchParams(new URL(request.url).searchParams);
  const list = await searchCatalog(params);
  return { params, list, canonical: absoluteUrl(request, "/search") };
}

/** Anonymous visitors may get the page from a cache that revalidates it (ETag); see applyCachePolicy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_REVALIDATE });

export default function SearchPage() {
  const { params, list } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loggedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="eyebrow">Catálogo</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">Buscar Productos</h1>
      <Form method="get" action="/search" role="search" aria-label="Buscar Productos" className="mt-8 max-w-3xl">
        {/* Remount on every new query so the uncontrolled inputs show what the URL says. */}
        <SearchControls key={JSON.stringify(params)} defaults={params} />
        <button type="submit" className="btn-primary mt-4">
          Buscar
        </button>
      </Form>
      <div className="mt-12">
        <SearchResults params={params} list={list} loading={loading} loggedIn={loggedIn} />
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const q = data?.params.q;
  return [
    { title: q ? `“${q}” — Buscar Productos — ${SHOP_NAME}` : `Buscar Productos — ${SHOP_NAME}` },
    {
      name: "description",
      content: "Busca anillos, collares, pulseras y pendientes por nombre, material o categoría.",
    },
    // Result pages are endless variations of one page: keep them out of the index.
    ...(q ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...(data?.canonical ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
  ];
};
