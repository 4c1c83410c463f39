import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PAGE_PARAM, parsePage, type ProductPage } from "~/lib/catalog";

/**
 * Pages of product lists this tab has shown, by list and page number, so that Back to a list that had
 * pages appended shows them all again at once — and the browser's scroll position, restored right
 * after, lands where the shopper was. Lives as long as the tab's JavaScript; a reload starts afresh.
 */
const shownPages = new Map<string, ProductPage<{ id: number }>>();
const SHOWN_PAGES_KEPT = 60;

function remember(listKey: string, page: ProductPage<{ id: number }>) {
  const key = `${listKey}#${page.page}`;
  shownPages.delete(key);
  shownPages.set(key, page);
  // The oldest go first (a Map keeps insertion order).
  for (const oldest of shownPages.keys()) {
    if (shownPages.size <= SHOWN_PAGES_KEPT) break;
    shownPages.delete(oldest);
  }
}

/**
 * The address "Ver más" just moved to: the catalogue's routes skip their loaders for it (their
 * `shouldRevalidate`), because the page already holds what that address shows.
 */
let following: string | null = null;

/** Whether a navigation to `url` only follows a "Ver más" (nothing to load). */
export function isFollowingMore(url: URL): boolean {
  return following !== null && `${url.pathname}${url.search}` === following;
}

/** What a list's history entry remembers: the first page it shows (the address names the last). */
type MoreState = { more: { list: string; from: number } };

function fromOf(state: unknown, listKey: string): number | null {
  if (typeof state !== "object" || state === null || !("more" in state)) return null;
  const { more } = state;
  if (typeof more !== "object" || more === null || !("list" in more) || !("from" in more)) return null;
  return more.list === listKey && typeof more.from === "number" && Number.isInteger(more.from) ? more.from : null;
}

/**
 * The products of a paginated list plus the pages appended with "Ver más". `listKey` names the list
 * (category, search terms); a product that moved between pages while the shopper was reading shows
 * once.
 *
 * With `followUrl` the address follows what is shown: after "Ver más" it names the last page shown
 * (`?pagina=2`, replacing the entry, so Back still leaves the list) and the entry remembers the first;
 * Back to it shows those pages again at once, so the scroll position is restored where the shopper
 * was, and a reload or a shared link opens that page on its own (as without JavaScript).
 */
export function useLoadMore<P extends { id: number }>(
  first: ProductPage<P>,
  listKey: string,
  { followUrl = false }: { followUrl?: boolean } = {},
) {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ list: ProductPage<P> }>();
  const entry = `${location.key}|${listKey}`;
  const [appended, setAppended] = useState({ entry, to: first.page });
  // The entry and address a request was made for: an answer arriving after the shopper moved on to
  // another category or search is not appended to it.
  const requested = useRef<{ entry: string; href: string } | null>(null);
  const fetched = fetcher.data?.list;

  const from = (followUrl ? fromOf(location.state, listKey) : null) ?? first.page;
  const to = followUrl
    ? (parsePage(new URLSearchParams(location.search).get(PAGE_PARAM)) ?? first.page)
    : appended.entry === entry
      ? appended.to
      : first.page;
  const pages = pagesBetween(listKey, first, from, to);
  const firstShown = pages[0]?.page ?? first.page;

  useEffect(() => {
    following = null;
  }, [location.key]);

  useEffect(() => {
    const request = requested.current;
    if (!fetched || fetcher.state !== "idle" || request?.entry !== entry) return;
    requested.current = null;
    if (fetched.page !== to + 1) return;
    remember(listKey, first);
    remember(listKey, fetched);
    if (!followUrl) {
      setAppended({ entry, to: fetched.page });
      return;
    }
    following = request.href;
    navigate(request.href, {
      replace: true,
      preventScrollReset: true,
      state: { more: { list: listKey, from: firstShown } } satisfies MoreState,
    });
  }, [fetched, fetcher.state, entry, listKey, first, followUrl, navigate, to, firstShown]);

  const seen = new Set<number>();
  const products = pages.flatMap((p) => p.products).filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  return {
    products,
    /** The first page shown: "Página anterior" leads to the one before it. */
    firstPage: firstShown,
    /** The last page shown: the next one is `last.page + 1` when `last.hasNext`. */
    last: pages.at(-1) ?? first,
    busy: fetcher.state !== "idle",
    /**
     * Appends the page at `href` (its own address); `index` when the list is an index route's, whose
     * loader the fetcher must name.
     */
    load: (href: string, { index = false }: { index?: boolean } = {}) => {
      requested.current = { entry, href };
      fetcher.load(index ? `${href}${href.includes("?") ? "&" : "?"}index` : href);
    },
  };
}

/**
 * Pages `from` to `to` of a list: the loader's page and the ones this tab showed before. When one is
 * missing (a reload, a page not seen in this tab), just the loader's page.
 */
function pagesBetween<P extends { id: number }>(
  listKey: string,
  first: ProductPage<P>,
  from: number,
  to: number,
): ProductPage<P>[] {
  if (from > first.page || to < first.page) return [first];
  const pages: ProductPage<P>[] = [];
  for (let n = from; n <= to; n++) {
    // The cache holds pages of this same list (same key), so of the same product type.
    const page = n === first.page ? first : (shownPages.get(`${listKey}#${n}`) as ProductPage<P> | undefined);
    if (!page) return [first];
    pages.push(page);
  }
  return pages;
}

/**
 * "Ver más": a real link to the next page (it works without JavaScript); with JavaScript it
 * appends that page through `onMore` instead of navigating. Below page 1 without JavaScript,
 * "Página anterior" leads back. `anchor` (#productos) makes a page link land on the list.
 */
export function MoreLink({
  href,
  previousHref,
  busy,
  onMore,
  anchor = "",
}: {
  href: string | null;
  previousHref: string | null;
  busy: boolean;
  onMore: () => void;
  anchor?: string;
}) {
  if (!href && !previousHref) return null;
  return (
    <nav aria-label="Páginas" className="mt-12 flex flex-wrap items-center justify-center gap-4">
      {previousHref ? (
        <a href={`${previousHref}${anchor}`} rel="prev" className="btn-ghost">
          Página anterior
        </a>
      ) : null}
      {href ? (
        <a
          href={`${href}${anchor}`}
          rel="next"
          className="btn-secondary min-w-40"
          aria-busy={busy}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            if (!busy) onMore();
          }}
        >
          {busy ? "Cargando productos..." : "Ver más"}
        </a>
      ) : null}
    </nav>
  );
}
