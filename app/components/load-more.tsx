import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ProductPage } from "~/lib/catalog";

/**
 * The products of a paginated list plus the pages appended with "Ver más". `resetKey` names the
 * list (category, search terms): when it changes the appended pages are dropped. A product that
 * moved between pages while the shopper was reading shows once.
 */
export function useLoadMore<P extends { id: number }>(first: ProductPage<P>, resetKey: string) {
  const fetcher = useFetcher<{ list: ProductPage<P> }>();
  const [more, setMore] = useState<{ key: string; pages: ProductPage<P>[] }>({ key: resetKey, pages: [] });
  const pages = more.key === resetKey ? more.pages : [];
  // The list a request was made for: an answer arriving after the shopper moved on to another
  // category or search is not appended to it.
  const requestedFor = useRef<string | null>(null);
  const fetched = fetcher.data?.list as ProductPage<P> | undefined;

  useEffect(() => {
    if (!fetched || fetcher.state !== "idle" || requestedFor.current !== resetKey) return;
    requestedFor.current = null;
    setMore((m) => {
      const kept = m.key === resetKey ? m.pages : [];
      if (fetched.page <= first.page || kept.some((p) => p.page === fetched.page)) return m;
      return { key: resetKey, pages: [...kept, fetched] };
    });
  }, [fetched, fetcher.state, first.page, resetKey]);

  const seen = new Set<number>();
  const products = [first, ...pages]
    .flatMap((p) => p.products)
    .filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  const last = pages.at(-1) ?? first;
  return {
    products,
    /** The last page shown: the next one is `last.page + 1` when `last.hasNext`. */
    last,
    appended: pages.length,
    busy: fetcher.state !== "idle",
    load: (href: string) => {
      requestedFor.current = resetKey;
      fetcher.load(href);
    },
  };
}

/**
 * "Ver más": a real link to the next page (it works without JavaScript); with JavaScript it
 * appends that page through `onMore` instead of navigating. Below page 1 without JavaScript,
 * "Página anterior" leads back.
 */
export function MoreLink({
  href,
  previousHref,
  busy,
  onMore,
}: {
  href: string | null;
  previousHref: string | null;
  busy: boolean;
  onMore: () => void;
}) {
  if (!href && !previousHref) return null;
  return (
    <nav aria-label="Páginas" className="mt-12 flex flex-wrap items-center justify-center gap-4">
      {previousHref ? (
        <a href={previousHref} rel="prev" className="btn-ghost">
          Página anterior
        </a>
      ) : null}
      {href ? (
        <a
          href={href}
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
