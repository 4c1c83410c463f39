import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { ErrorList, Field, useSchemaForm, FormError, SubmitButton } from "~/components/forms";
import { ProductSchema } from "~/lib/validation/admin";

/** The product's values as the form shows them: prices in pesos, flags as "on". */
export type ProductFormValues = {
  name: string;
  price: string;
  originalPrice: string;
  image: string;
  description: string;
  material: string;
  categoryId: string;
  stock: string;
  inStock?: "on";
  isNew?: "on";
  isFeatured?: "on";
};

/** Centavos as the pesos a person types: 129950 → "1299.50". */
export function centavosToPesosText(centavos: number | null): string {
  return centavos === null ? "" : (centavos / 100).toFixed(2);
}

/**
 * The new-product and edit-product form: name, prices in pesos, image address, description,
 * material, category, stock and the three flags, validated with the same schema in the browser
 * and in the action.
 */
export function ProductForm({
  id,
  lastResult,
  defaultValue,
  categories,
  submitLabel,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: ProductFormValues;
  categories: { id: number; name: string }[];
  submitLabel: string;
}) {
  const isPending = useIsPending({ state: "submitting" });
  const { form, fields, focus } = useSchemaForm(ProductSchema, { id: id, lastResult, defaultValue: defaultValue });
  const checkbox = (meta: typeof fields.inStock, label: string) => (
    <label className="flex items-center gap-2 text-sm text-ink-800">
      <input {...getInputProps(meta, { type: "checkbox" })} className="h-4 w-4" />
      {label}
    </label>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5" data-testid="product-form">
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.name} label="Nombre" autoComplete="off" autoFocus={focus === "name"} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          meta={fields.price}
          label="Precio (MXN)"
          autoComplete="off"
          hint="En pesos, por ejemplo 1299.50"
          autoFocus={focus === "price"}
        />
        <Field
          meta={fields.originalPrice}
          label="Precio original (MXN, opcional)"
          autoComplete="off"
          hint="Mayor que el precio cuando hay descuento"
          autoFocus={focus === "originalPrice"}
        />
      </div>
      <Field
        meta={fields.image}
        label="Imagen (dirección)"
        type="text"
        autoComplete="off"
        hint="https://… o una ruta de la tienda como /images/products/…"
        autoFocus={focus === "image"}
      />
      <div>
        <label htmlFor={fields.description.id} className="field-label">
          Descripción
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={4}
          className="field-input"
          autoFocus={focus === "description"}
        />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.material} label="Material" autoComplete="off" autoFocus={focus === "material"} />
        <div>
          <label htmlFor={fields.categoryId.id} className="field-label">
            Categoría
          </label>
          <select {...getSelectProps(fields.categoryId)} className="field-input" autoFocus={focus === "categoryId"}>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <ErrorList id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
        </div>
      </div>
      <div>
        <label htmlFor={fields.stock.id} className="field-label">
          Existencias
        </label>
        <input {...getInputProps(fields.stock, { type: "number" })} min={0} step={1} className="field-input w-32" />
        <ErrorList id={fields.stock.errorId} errors={fields.stock.errors} />
      </div>
      <fieldset className="flex flex-wrap gap-6">
        <legend className="field-label">Opciones</legend>
        {checkbox(fields.inStock, "En venta (visible en la tienda)")}
        {checkbox(fields.isNew, "Nuevo")}
        {checkbox(fields.isFeatured, "Destacado")}
      </fieldset>
      <SubmitButton busy={isPending} label={submitLabel} busyLabel="Guardando…" />
    </Form>
  );
}
