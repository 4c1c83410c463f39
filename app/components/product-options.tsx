import { Link } from "~/components/link";
import type { ReactNode } from "react";

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
}: {
  models: readonly string[];
  sizes: readonly string[];
  model: string | null;
  size: string | null;
  hrefFor: (choice: { model: string | null; size: string | null }) => string;
  soldOutSizes: readonly string[];
  sizeAside?: ReactNode;
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
        <OptionGroup label="Talla" current={size} aside={sizeAside}>
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
  children,
}: {
  label: string;
  current: string | null;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={label}>
      <div className="flex items-center justify-between gap-4">
        <p className="text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
          {label}
          {current ? <span className="ml-2 normal-case tracking-normal text-ink-900">{current}</span> : null}
        </p>
        {aside}
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">{children}</ul>
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
