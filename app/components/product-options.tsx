import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { SIZE_ANCHOR } from "~/lib/size-choice";

/**
 * Model and size choices: links that put the choice in the URL (`?modelo=…&talla=…`),
 * so they work without JavaScript and every variant has a shareable address. `sizeAside` sits next
 * to TALLA (a ring's size guide).
 */
export function ProductOptions({
  models,
  sizes,
  model,
  size,
  hrefFor,
  soldOutSizes,
  sizeAside = null,
  sizeError = null,
}: {
  models: readonly string[];
  sizes: readonly string[];
  model: string | null;
  size: string | null;
  hrefFor: (choice: { model: string | null; size: string | null }) => string;
  soldOutSizes: readonly string[];
  sizeAside?: ReactNode;
  /** "Elige tu talla": the add was refused because no size was picked (with or without JavaScript). */
  sizeError?: string | null;
}) {
  return (
    <div className="space-y-5">
      {models.length > 0 ? (
        <OptionGroup label="Modelo" current={model}>
          {models.map((m) => (
            <Option key={m} to={hrefFor({ model: m, size: null })} selected={m === model}>
              {m}
            </Option>
          ))}
        </OptionGroup>
      ) : null}
      {sizes.length > 0 ? (
        <OptionGroup label="Talla" current={size} aside={sizeAside} id={SIZE_ANCHOR} error={sizeError}>
          {sizes.map((s) => (
            <Option key={s} to={hrefFor({ model, size: s })} selected={s === size} soldOut={soldOutSizes.includes(s)}>
              {s}
            </Option>
          ))}
        </OptionGroup>
      ) : null}
    </div>
  );
}

function OptionGroup({
  label,
  current,
  aside = null,
  id,
  error = null,
  children,
}: {
  label: string;
  current: string | null;
  aside?: ReactNode;
  id?: string;
  error?: string | null;
  children: ReactNode;
}) {
  const errorId = id && error ? `${id}-error` : undefined;
  return (
    <div role="group" aria-label={label} id={id} aria-describedby={errorId} className="scroll-mt-28">
      <div className="flex items-center justify-between gap-4">
        <p className="text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
          {label}
          {current ? <span className="ml-2 normal-case tracking-normal text-ink-900">{current}</span> : null}
        </p>
        {aside}
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">{children}</ul>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800" data-testid="size-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Option({
  to,
  selected,
  soldOut = false,
  children,
}: {
  to: string;
  selected: boolean;
  soldOut?: boolean;
  children: string;
}) {
  return (
    <li>
      <Link
        to={to}
        replace
        preventScrollReset
        aria-current={selected ? "true" : undefined}
        aria-label={soldOut ? `${children} (agotado)` : undefined}
        className={`inline-flex min-w-[3rem] items-center justify-center border px-4 py-2 text-sm transition ${
          selected
            ? "border-ink-900 bg-ink-900 text-ivory-50"
            : "border-ink-700/30 bg-white text-ink-800 hover:border-ink-900"
        } ${soldOut && !selected ? "text-ink-700/60 line-through" : ""}`}
      >
        {children}
      </Link>
    </li>
  );
}
