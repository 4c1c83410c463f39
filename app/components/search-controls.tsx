import { useEffect, useId, useState } from "react";
import { CATEGORY_NAV, SEARCH_PRICE_MAX, SEARCH_PRICE_MIN, SEARCH_PRICE_STEP } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import { SEARCH_SORTS, type SearchParams } from "~/lib/search";
import { SearchIcon } from "./icons";

const SEARCH_PLACEHOLDER = "Buscar por nombre, descripción o material";

/**
 * The search inputs shared by the /search page (a GET form) and the overlay (which submits the
 * same form to the same loader through a fetcher). Uncontrolled, so they work without JavaScript;
 * the overlay resets them by remounting.
 */
export function SearchControls({
  defaults,
  autoFocus = false,
  inputRef,
}: {
  defaults: SearchParams;
  autoFocus?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const [min, setMin] = useState(defaults.min);
  const [max, setMax] = useState(defaults.max);
  const filtersActive = defaults.min !== SEARCH_PRICE_MIN || defaults.max !== SEARCH_PRICE_MAX;
  return (
    <div className="space-y-4">
      <div className="relative">
        <label htmlFor={`${id}-q`} className="sr-only">
          Buscar
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink-700/60" />
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={defaults.q}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          autoFocus={autoFocus}
          maxLength={100}
          className="field-input py-3 pl-10 text-base"
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-[10rem] flex-1">
          <label htmlFor={`${id}-cat`} className="field-label text-xs uppercase tracking-[0.15em]">
            Categoría
          </label>
          <select
            id={`${id}-cat`}
            name="categoria"
            defaultValue={defaults.categoria ?? ""}
            className="field-input py-2 text-sm"
          >
            <option value="">Todas las categorías</option>
            {CATEGORY_NAV.filter((c) => c.id !== "all").map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-[10rem] flex-1">
          <label htmlFor={`${id}-sort`} className="field-label text-xs uppercase tracking-[0.15em]">
            Ordenar por
          </label>
          <select id={`${id}-sort`} name="orden" defaultValue={defaults.orden} className="field-input py-2 text-sm">
            {SEARCH_SORTS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-sm border border-ink-700/30 bg-white px-3 py-2 text-sm has-[:checked]:border-red-800 has-[:checked]:text-red-800">
          <input
            type="checkbox"
            name="ofertas"
            value="1"
            defaultChecked={defaults.ofertas}
            className="accent-red-800"
          />
          Ofertas
        </label>
      </div>
      <details className="group rounded-sm border border-ink-700/15 bg-white/60" open={filtersActive}>
        <summary className="cursor-pointer list-none px-3 py-2 text-sm font-medium text-ink-800 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="mr-2 inline-block transition group-open:rotate-90">
            ›
          </span>
          Filtros
        </summary>
        <div className="grid gap-4 px-3 pb-4 pt-1 sm:grid-cols-2">
          <PriceField
            id={`${id}-min`}
            name="min"
            label="Precio mínimo"
            value={min}
            // The bounds never cross: the minimum stays at or below the maximum, and back.
            onChange={(n) => setMin(Math.min(n, max))}
          />
          <PriceField
            id={`${id}-max`}
            name="max"
            label="Precio máximo"
            value={max}
            onChange={(n) => setMax(Math.max(n, min))}
          />
        </div>
      </details>
    </div>
  );
}

/**
 * A price bound in pesos (0–10000, step 100): a slider (keyboard, touch) and a number box, both
 * named after the bound, slider first. With JavaScript they move together. Without it the box starts
 * empty (the current price is its placeholder): the search takes the bound's last non-empty value,
 * so a typed price wins and an untouched box leaves the slider's.
 */
function PriceField({
  id,
  name,
  label,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: number;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState("");
  // Fill the box once JavaScript runs; from then on it follows the slider.
  useEffect(() => setText(String(value)), [value]);
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="field-label text-xs uppercase tracking-[0.15em]">
        {label} <span className="normal-case tracking-normal text-ink-700/70">(MXN)</span>
      </label>
      <div className="flex items-center gap-3">
        <input
          type="range"
          name={name}
          min={SEARCH_PRICE_MIN}
          max={SEARCH_PRICE_MAX}
          step={SEARCH_PRICE_STEP}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          aria-label={`Control deslizante del ${label.toLowerCase()}`}
          aria-valuetext={formatMoney(value * 100)}
          aria-describedby={hintId}
          className="price-slider"
        />
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={SEARCH_PRICE_MIN}
          max={SEARCH_PRICE_MAX}
          step={SEARCH_PRICE_STEP}
          value={text}
          placeholder={String(value)}
          onChange={(e) => {
            setText(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value.trim() !== "" && Number.isFinite(n)) {
              onChange(Math.min(SEARCH_PRICE_MAX, Math.max(SEARCH_PRICE_MIN, n)));
            }
          }}
          className="field-input w-28 shrink-0 py-2 text-sm"
          aria-describedby={hintId}
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-ink-700/70">
        {formatMoney(value * 100)} · de {formatMoney(SEARCH_PRICE_MIN * 100)} a {formatMoney(SEARCH_PRICE_MAX * 100)} o
        más
      </p>
    </div>
  );
}
