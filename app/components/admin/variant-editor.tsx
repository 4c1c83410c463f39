import { type FieldMetadata, type FormMetadata, getInputProps } from "@conform-to/react";
import { ErrorList } from "~/components/forms";
import { parseStock, type ProductFormInput, STOCK_MAX } from "~/lib/validation/admin-product";
import { IvaHint } from "./options-matrix";
import { PHOTO_ACCEPT } from "./photo-picker";
import { HiddenInput } from "~/components/hidden-input";

type ProductFields = ReturnType<FormMetadata<ProductFormInput, string[]>["getFieldset"]>;

/**
 * Models and sizes: one row per variant with its model (metal), size, own material, price, original
 * price, stock and photo. Rows are added (a copy of the last one's model and prices), moved and
 * removed with form buttons, which act at once with JavaScript and come back from the server
 * without it. Removing a variant that appears in orders archives it when the form is saved.
 */
export function VariantEditor({
  form,
  variants,
  orderedIds,
}: {
  form: FormMetadata<ProductFormInput, string[]>;
  variants: ProductFields["variants"];
  /** Variants that appear in orders (removing them archives them). */
  orderedIds: readonly string[];
}) {
  const rows = variants.getFieldList();
  const last = rows.at(-1)?.getFieldset();
  const total = rows.reduce((sum, row) => sum + parseStock(row.getFieldset().stock.value), 0);
  return (
    <fieldset className="space-y-4" data-testid="variant-editor">
      <legend className="font-serif text-xl text-ink-900">Modelos y tallas</legend>
      <p className="text-sm text-ink-700">
        {rows.length === 0
          ? "Sin variantes, la pieza tiene un solo precio y sus propias existencias. Agrega variantes para ofrecer modelos (metales) o tallas con su propio precio, existencias y foto."
          : `Cada variante tiene su precio (antes de IVA) y sus existencias; las de la pieza son su suma: ${total}.`}
      </p>
      <ErrorList id={variants.errorId} errors={variants.errors} />
      {rows.map((row, i) => {
        const v = row.getFieldset();
        const ordered = v.id.value !== undefined && orderedIds.includes(v.id.value);
        return (
          <fieldset
            key={row.key}
            className="rounded-sm border border-ink-900/10 bg-white p-4 pt-2"
            data-testid="variant-row"
          >
            <legend className="px-1 text-xs font-medium uppercase tracking-[0.2em] text-gold-700">
              Variante {i + 1}
            </legend>
            <HiddenInput meta={v.id} />
            <HiddenInput meta={v.image} />
            {/* The stock shown at load: left as it was, a sale made meanwhile stands. */}
            <HiddenInput meta={v.stockLoaded} />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[1.2fr_0.8fr_1.1fr_0.9fr_0.9fr_0.6fr]">
              <Cell meta={v.model} label="Modelo" placeholder="p. ej. Oro blanco" />
              <Cell meta={v.size} label="Talla" placeholder="p. ej. 7" />
              <Cell meta={v.material} label="Material" placeholder="El de la pieza" />
              <Cell
                meta={v.price}
                label="Precio (MXN), antes de IVA"
                placeholder="p. ej. 4890.00"
                inputMode="decimal"
                iva
              />
              <Cell
                meta={v.originalPrice}
                label="Precio original, antes de IVA"
                placeholder="Opcional"
                inputMode="decimal"
              />
              <Cell meta={v.stock} label="Existencias" type="number" />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-3">
                {v.image.value ? (
                  <img src={v.image.value} alt="" className="h-12 w-12 bg-ivory-100 object-cover" />
                ) : null}
                <div>
                  <label htmlFor={v.photo.id} className="text-xs font-medium text-ink-800">
                    {v.image.value ? "Cambiar foto de la variante" : "Foto de la variante (opcional)"}
                  </label>
                  <input
                    id={v.photo.id}
                    name={v.photo.name}
                    type="file"
                    accept={PHOTO_ACCEPT}
                    aria-invalid={v.photo.errors ? true : undefined}
                    aria-describedby={v.photo.errors ? v.photo.errorId : undefined}
                    className="block text-xs"
                  />
                  <ErrorList id={v.photo.errorId} errors={v.photo.errors} />
                </div>
              </div>
              <div className="flex flex-wrap gap-1 text-sm">
                {i > 0 ? (
                  <button
                    {...form.reorder.getButtonProps({ name: variants.name, from: i, to: i - 1 })}
                    className="btn-ghost"
                    aria-label={`Subir la variante ${i + 1}`}
                  >
                    ↑ Subir
                  </button>
                ) : null}
                {i < rows.length - 1 ? (
                  <button
                    {...form.reorder.getButtonProps({ name: variants.name, from: i, to: i + 1 })}
                    className="btn-ghost"
                    aria-label={`Bajar la variante ${i + 1}`}
                  >
                    ↓ Bajar
                  </button>
                ) : null}
                <button
                  {...form.remove.getButtonProps({ name: variants.name, index: i })}
                  className="btn-ghost text-red-800"
                  aria-label={`Quitar la variante ${i + 1}${ordered ? " (tiene pedidos: se archivará)" : ""}`}
                >
                  {ordered ? "Quitar (tiene pedidos: se archivará)" : "Quitar"}
                </button>
              </div>
            </div>
          </fieldset>
        );
      })}
      <button
        {...form.insert.getButtonProps({
          name: variants.name,
          defaultValue: {
            model: last?.model.value ?? "",
            material: last?.material.value ?? "",
            price: last?.price.value ?? "",
            originalPrice: last?.originalPrice.value ?? "",
            stock: "0",
          },
        })}
        className="btn-secondary"
      >
        + Agregar variante
      </button>
    </fieldset>
  );
}

function Cell({
  meta,
  label,
  placeholder,
  type = "text",
  inputMode,
  iva = false,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  placeholder?: string;
  type?: "text" | "number";
  inputMode?: "decimal";
  /** A price: what the shopper pays (with IVA) is shown under it. */
  iva?: boolean;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="text-xs font-medium text-ink-800">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type })}
        {...(type === "number" ? { min: 0, max: STOCK_MAX, step: 1 } : {})}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="off"
        className="field-input mt-1 py-2"
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {iva && !meta.errors ? <IvaHint pesos={meta.value} /> : null}
    </div>
  );
}
