import { RowForm } from "~/components/admin/row-form";
import { STOCK_MAX } from "~/lib/validation/admin-product";

/** A stock count in the product list: a product's own (without variants) or one variant's. */
export function StockForm({
  label,
  caption = "Producto",
  intent,
  idName,
  id,
  stock,
}: {
  label: string;
  caption?: string;
  intent: "stock" | "variant-stock";
  idName: "productId" | "variantId";
  id: number;
  stock: number;
}) {
  const inputId = `${intent}-${id}`;
  return (
    <RowForm
      label={`Actualizar ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
      className="flex flex-wrap items-center justify-end gap-2"
      testId={`${intent}-form`}
    >
      {(busy) => (
        <>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name={idName} value={id} />
          <label htmlFor={inputId} className="text-sm text-ink-700">
            {caption}
          </label>
          {/* The key resets the field to the saved value after each save. */}
          <input
            key={stock}
            id={inputId}
            name="stock"
            type="number"
            min={0}
            max={STOCK_MAX}
            step={1}
            defaultValue={stock}
            aria-label={label}
            className="field-input w-24"
          />
          <button type="submit" className="btn-secondary" disabled={busy}>
            {busy ? "Guardando…" : "Guardar"}
          </button>
        </>
      )}
    </RowForm>
  );
}
