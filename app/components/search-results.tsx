import type { SearchResult } from "~/models/product.server";
import { Spinner } from "./product-grid";
import { ProductCard } from "./product-card";

/** Search results: nothing before a term, a loading line, the empty state, or cards. */
export function SearchResults({
  term,
  results,
  loading,
}: {
  term: string;
  results: readonly SearchResult[];
  loading: boolean;
}) {
  if (loading) return <Spinner label="Cargando productos..." />;
  if (term === "") {
    return (
      <p className="py-10 text-center text-sm text-ink-700">
        Escribe el nombre de una pieza, un material o una categoría.
      </p>
    );
  }
  if (results.length === 0) {
    return (
      <p role="status" className="py-10 text-center font-serif text-2xl text-ink-700">
        No se encontraron productos
      </p>
    );
  }
  return (
    <div>
      <h2 className="sr-only">Resultados</h2>
      <p role="status" className="sr-only">
        {results.length === 1 ? "1 producto encontrado" : `${results.length} productos encontrados`}
      </p>
      <ul
        className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4"
        aria-label="Resultados de búsqueda"
      >
        {results.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} badgeStyle="search" />
          </li>
        ))}
      </ul>
    </div>
  );
}
