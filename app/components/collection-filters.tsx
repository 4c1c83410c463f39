import { Form } from "@remix-run/react";
import { useId } from "react";
import {
  COLLECTION_SORTS,
  type CollectionFilters as Filters,
  collectionHref,
  isFiltered,
  METALS,
  NO_FILTERS,
  piecesLabel,
} from "~/lib/collection";
import { type CategoryId, SEARCH_PRICE_MAX, SEARCH_PRICE_MIN } from "~/lib/constants";
import { OCCASIONS } from "~/lib/occasions";

/**
 * A collection's count, order and filters: a plain GET form to the home page, so every choice is in
 * the address and it works without JavaScript (with it, Remix submits the same form to the loader).
 */
export function CollectionFilters({
  category,
  filters,
  total,
}: {
  category: CategoryId;
  filters: Filters;
  total: number;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action="/"
      // Remount on a new address so the uncontrolled inputs show what the URL says.
      key={collectionHref(category, filters, 1)}
      aria-label="Filtrar la colección"
      className="mt-10 flex flex-wrap items-end gap-3 border-y border-ink-700/10 py-4 text-sm"
    >
      <p className="mr-auto self-center font-medium text-ink-900" aria-live="polite" data-testid="collection-count">
        {piecesLabel(total)}
      </p>
      {category !== "all" ? <input type="hidden" name="categoria" value={category} /> : null}
      <Field id={`${id}-orden`} label="Ordenar por">
        <select id={`${id}-orden`} name="orden" defaultValue={filters.orden} className="field-input py-2 text-sm">
          {COLLECTION_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-metal`} label="Metal">
        <select id={`${id}-metal`} name="metal" defaultValue={filters.metal ?? ""} className="field-input py-2 text-sm">
          <option value="">Todos los metales</option>
          {METALS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-ocasion`} label="Ocasión">
        <select
          id={`${id}-ocasion`}
          name="ocasion"
          defaultValue={filters.ocasion ?? ""}
          className="field-input py-2 text-sm"
        >
          <option value="">Todas las ocasiones</option>
          {OCCASIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-min`} label="Precio desde ($)">
        <input
          id={`${id}-min`}
          type="number"
          name="min"
          inputMode="numeric"
          min={SEARCH_PRICE_MIN}
          step={1}
          defaultValue={filters.min !== SEARCH_PRICE_MIN ? filters.min : ""}
          placeholder={String(SEARCH_PRICE_MIN)}
          className="field-input w-28 py-2 text-sm"
        />
      </Field>
      <Field id={`${id}-max`} label="Hasta ($)">
        <input
          id={`${id}-max`}
          type="number"
          name="max"
          inputMode="numeric"
          min={SEARCH_PRICE_MIN}
          step={1}
          defaultValue={filters.max !== SEARCH_PRICE_MAX ? filters.max : ""}
          placeholder="Sin límite"
          className="field-input w-28 py-2 text-sm"
        />
      </Field>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-sm border border-ink-700/30 bg-white px-3 py-2">
        <input type="checkbox" name="disponible" value="1" defaultChecked={filters.disponible} />
        Solo disponibles
      </label>
      <button type="submit" className="btn-primary py-2">
        Aplicar
      </button>
      {isFiltered(filters) ? (
        <a href={collectionHref(category, NO_FILTERS, 1)} className="self-center underline">
          Quitar filtros
        </a>
      ) : null}
    </Form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label text-xs uppercase tracking-[0.15em]">
        {label}
      </label>
      {children}
    </div>
  );
}
