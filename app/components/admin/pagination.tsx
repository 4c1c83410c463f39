import { useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { Page } from "~/lib/pagination";

/** Previous / next links of a server-paginated table; other query parameters are kept. */
export function Pagination({ page }: { page: Pick<Page<unknown>, "page" | "pageCount" | "total"> }) {
  const location = useLocation();
  if (page.pageCount <= 1) return null;
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("pagina", String(n));
    params.delete("eliminar");
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label="Paginación" className="mt-6 flex items-center justify-between gap-4 text-sm text-ink-700">
      {page.page > 1 ? (
        <Link to={hrefFor(page.page - 1)} className="btn-ghost" rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span />
      )}
      <span data-testid="page-indicator">
        Página {page.page} de {page.pageCount} · {page.total} en total
      </span>
      {page.page < page.pageCount ? (
        <Link to={hrefFor(page.page + 1)} className="btn-ghost" rel="next">
          Siguiente →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
