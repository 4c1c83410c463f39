import { useState } from "react";
import { ErrorList } from "~/components/form-parts";
import { shownPrice } from "~/lib/checkout";
import { METALS } from "~/lib/collection";
import { formatMoney } from "~/lib/money";
import { MATRIX_FIELDS, MATRIX_INTENT, MATRIX_SIZES, type MatrixValues, OTHER_METAL } from "~/lib/options-matrix";
import { parsePesos } from "~/lib/validation/admin-product";

/** The action's answer to *Generar combinaciones* (app/models/product-options.server.ts). */
export type MatrixAnswer = {
  run: string;
  values: MatrixValues;
  errors: Record<string, string>;
  notice: string | null;
};

/**
 * The product editor's options matrix: metals (each with one price for all its sizes and, optionally,
 * one of the product's photos) × ring sizes, and *Generar combinaciones*, a submit button of the
 * product form whose answer is the form with one variant row per cell. Plain inputs, so the values
 * come back as typed when the server refuses them, with their Spanish errors beside them.
 */
export function OptionsMatrix({
  values,
  errors = {},
  notice,
  photos,
}: {
  values: MatrixValues;
  errors?: Record<string, string>;
  notice?: string | null;
  /** The product's photos (addresses), in the form's order. */
  photos: readonly string[];
}) {
  const errorId = (name: string) => `${name}-error`;
  const list = (name: string) => (errors[name] ? [errors[name]] : undefined);
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};
  return (
    <fieldset className="space-y-4 rounded-sm border border-ink-900/10 bg-white p-4" data-testid="options-matrix">
      <legend className="px-1 font-serif text-xl text-ink-900">Matriz de opciones</legend>
      <p className="text-sm text-ink-700">
        Elige los metales y las tallas y pulsa «Generar combinaciones»: se crea una variante por combinación, con el
        precio de su metal. Las variantes que ya existen se conservan con sus existencias.
      </p>
      {notice ? (
        <p
          role="status"
          className="rounded-sm bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-testid="matrix-notice"
        >
          {notice}
        </p>
      ) : null}
      <div>
        <p className="field-label" id="matrix-metals-label">
          Metales
        </p>
        <ErrorList id={errorId(MATRIX_FIELDS.metal)} errors={list(MATRIX_FIELDS.metal)} />
        <ul className="mt-2 space-y-3" aria-labelledby="matrix-metals-label">
          {[...METALS, { id: OTHER_METAL, label: "Otro metal" } as const].map((metal) => (
            <li
              key={metal.id}
              className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_1fr]"
              data-testid="matrix-metal"
            >
              <div className="space-y-1 pt-2">
                <label className="flex items-center gap-2 text-sm text-ink-800">
                  <input
                    type="checkbox"
                    name={MATRIX_FIELDS.metal}
                    value={metal.id}
                    defaultChecked={values.metals.includes(metal.id)}
                    className="h-4 w-4"
                    {...invalid(MATRIX_FIELDS.metal)}
                  />
                  {metal.label}
                </label>
                {metal.id === OTHER_METAL ? (
                  <>
                    <label htmlFor={MATRIX_FIELDS.otherMetal} className="sr-only">
                      Cuál es el otro metal
                    </label>
                    <input
                      id={MATRIX_FIELDS.otherMetal}
                      name={MATRIX_FIELDS.otherMetal}
                      defaultValue={values.otherMetal}
                      placeholder="p. ej. Platino"
                      autoComplete="off"
                      className="field-input py-2"
                      {...invalid(MATRIX_FIELDS.otherMetal)}
                    />
                    <ErrorList id={errorId(MATRIX_FIELDS.otherMetal)} errors={list(MATRIX_FIELDS.otherMetal)} />
                  </>
                ) : null}
              </div>
              <MetalPrice
                name={MATRIX_FIELDS.price(metal.id)}
                label={`Precio de ${metal.id === OTHER_METAL ? "otro metal" : metal.label} (MXN), antes de IVA`}
                defaultValue={values.prices[metal.id] ?? ""}
                error={errors[MATRIX_FIELDS.price(metal.id)]}
              />
              <div>
                <label htmlFor={MATRIX_FIELDS.image(metal.id)} className="text-xs font-medium text-ink-800">
                  Foto de {metal.id === OTHER_METAL ? "otro metal" : metal.label}
                </label>
                <select
                  id={MATRIX_FIELDS.image(metal.id)}
                  name={MATRIX_FIELDS.image(metal.id)}
                  defaultValue={values.images[metal.id] ?? ""}
                  className="field-input mt-1 py-2"
                  {...invalid(MATRIX_FIELDS.image(metal.id))}
                >
                  <option value="">La del producto</option>
                  {photos.map((url, i) => (
                    <option key={url} value={url}>
                      {i === 0 ? "Principal" : `Foto ${i + 1}`}
                    </option>
                  ))}
                </select>
                <ErrorList id={errorId(MATRIX_FIELDS.image(metal.id))} errors={list(MATRIX_FIELDS.image(metal.id))} />
              </div>
            </li>
          ))}
        </ul>
      </div>
      <fieldset>
        <legend className="field-label">Tallas</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {MATRIX_SIZES.map((size) => (
            <label key={size} className="flex items-center gap-1.5 text-sm text-ink-800">
              <input
                type="checkbox"
                name={MATRIX_FIELDS.size}
                value={size}
                defaultChecked={values.sizes.includes(size)}
                className="h-4 w-4"
              />
              {size}
            </label>
          ))}
        </div>
        <div className="mt-3 max-w-md">
          <label htmlFor={MATRIX_FIELDS.otherSizes} className="text-xs font-medium text-ink-800">
            Otras tallas o largos (separados por comas)
          </label>
          <input
            id={MATRIX_FIELDS.otherSizes}
            name={MATRIX_FIELDS.otherSizes}
            defaultValue={values.otherSizes}
            placeholder="p. ej. 7.5, 45 cm"
            autoComplete="off"
            className="field-input mt-1 py-2"
            {...invalid(MATRIX_FIELDS.otherSizes)}
          />
          <ErrorList id={errorId(MATRIX_FIELDS.otherSizes)} errors={list(MATRIX_FIELDS.otherSizes)} />
          <p className="mt-1 text-xs text-ink-700/80">Sin tallas: una variante por metal.</p>
        </div>
      </fieldset>
      <button
        type="submit"
        name={MATRIX_INTENT.name}
        value={MATRIX_INTENT.value}
        formNoValidate
        className="btn-secondary"
      >
        Generar combinaciones
      </button>
    </fieldset>
  );
}

/** A price typed before IVA, with what the shopper pays beside it (figured again as it is typed). */
function MetalPrice({
  name,
  label,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
}) {
  const [typed, setTyped] = useState(defaultValue);
  const hintId = `${name}-hint`;
  return (
    <div>
      <label htmlFor={name} className="text-xs font-medium text-ink-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        defaultValue={defaultValue}
        onInput={(event) => setTyped(event.currentTarget.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="p. ej. 4890.00"
        className="field-input mt-1 py-2"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : hintId}
      />
      {error ? <ErrorList id={`${name}-error`} errors={[error]} /> : <IvaHint id={hintId} pesos={typed} />}
    </div>
  );
}

/**
 * "Con IVA: $5,672.40" (what the shopper pays) for a price typed before IVA, figured on the server for
 * the page and again in the browser as it is typed; `otherwise` while the field holds no price.
 */
export function ivaHintText(pesos: unknown, otherwise: string): string {
  const centavos = typeof pesos === "string" && pesos ? parsePesos(pesos) : null;
  return centavos ? `Con IVA: ${formatMoney(shownPrice(centavos, true))}` : otherwise;
}

/** The IVA hint under a price field. */
export function IvaHint({ id, pesos }: { id?: string; pesos: string | undefined }) {
  return (
    <p id={id} className="mt-1 text-xs text-ink-700/80" data-testid="iva-hint">
      {ivaHintText(pesos, "Antes de IVA")}
    </p>
  );
}
