import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorList, Field, FormError, SubmitButton, useSchemaForm } from "~/components/forms";
import { useIsPending } from "~/components/use-is-pending";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MATRIX_INTENT, matrixFromRows } from "~/lib/options-matrix";
import { ProductSchema, STOCK_MAX } from "~/lib/validation/admin-product";
import { ivaHintText, type MatrixAnswer, OptionsMatrix } from "./options-matrix";
import { OccasionPicker } from "./occasion-picker";
import { PhotoPicker } from "./photo-picker";
import { VariantEditor } from "./variant-editor";
import { HiddenInput } from "~/components/hidden-input";

/** A variant's values as the form shows them: prices in pesos. */
export type VariantFormValues = {
  id?: string;
  model: string;
  size: string;
  material: string;
  price: string;
  originalPrice: string;
  stock: string;
  /** The stock shown when the edit form was loaded (see the schema's `stockLoaded`). */
  stockLoaded?: string;
  image: string;
};

/** The product's values as the form shows them: prices in pesos, flags as "on", photos as addresses. */
export type ProductFormValues = {
  name: string;
  description: string;
  material: string;
  categoryId: string;
  price: string;
  originalPrice: string;
  stock: string;
  stockLoaded?: string;
  images: string[];
  variants: VariantFormValues[];
  inStock?: "on";
  isNew?: "on";
  isFeatured?: "on";
  /** Occasion ids ticked. */
  occasions?: string[];
};

/** Centavos as the pesos a person types: 129950 → "1299.50". */
export function centavosToPesosText(centavos: number | null): string {
  return centavos === null ? "" : (centavos / 100).toFixed(2);
}

/**
 * The new-product and edit-product form, in one step: the piece, its photos (uploaded with the form,
 * or an address), its price and stock — or its models and sizes, each with price, original price,
 * stock and photo — and the three flags. The same schema validates in the browser and in the action;
 * without JavaScript every button (add a variant, move a photo) is a plain submit that comes back with
 * the form changed and nothing lost.
 */
export function ProductForm({
  id,
  lastResult,
  defaultValue,
  categories,
  submitLabel,
  orderedVariantIds = [],
  editedFrom,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: ProductFormValues;
  categories: { id: number; name: string }[];
  submitLabel: string;
  orderedVariantIds?: readonly string[];
  /** The edit form's fingerprint of the product it shows (not the form's to change: outside conform). */
  editedFrom?: string;
}) {
  const isPending = useIsPending({ state: "submitting" });
  // The occasions are plain checkboxes (OccasionPicker), not one of conform's fields.
  const { occasions: stored = [], ...formDefaults } = defaultValue;
  // A form that came back (an error, a list button without JavaScript) keeps what was ticked.
  const sent = lastResult?.initialValue?.occasions;
  const ticked = sent === undefined ? stored : [sent].flat().map(String);
  const { form, fields, focus } = useSchemaForm(ProductSchema, {
    id,
    lastResult,
    defaultValue: formDefaults,
    parse: parseProductForm,
  });
  const matrix = matrixOf(lastResult);
  const photos = [fields.images.value ?? []].flat().filter((url): url is string => typeof url === "string");
  const hasVariants = fields.variants.getFieldList().length > 0;
  // A refusal of the whole form (someone else saved first) shows above the form, a long way up from
  // its button: take the person there. Field errors focus their field (conform).
  const formErrors = form.errors?.join(" ");
  useEffect(() => {
    if (formErrors) document.getElementById(form.errorId)?.focus();
  }, [formErrors, form.errorId]);
  const checkbox = (meta: typeof fields.inStock, label: string) => (
    <label className="flex items-center gap-2 text-sm text-ink-800">
      <input {...getInputProps(meta, { type: "checkbox" })} className="h-4 w-4" />
      {label}
    </label>
  );
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="max-w-5xl space-y-8"
      data-testid="product-form"
    >
      <FormError id={form.errorId} errors={form.errors} />
      {editedFrom ? <input type="hidden" name="editedFrom" value={editedFrom} /> : null}
      <fieldset className="max-w-2xl space-y-5">
        <legend className="font-serif text-xl text-ink-900">La pieza</legend>
        <Field meta={fields.name} label="Nombre" autoComplete="off" autoFocus={focus === "name"} />
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.categoryId.id} className="field-label">
              Categoría
            </label>
            {/* Not `required`: it always holds a category (a required select needs an empty first option). */}
            <select
              {...getSelectProps(fields.categoryId)}
              required={undefined}
              className="field-input"
              autoFocus={focus === "categoryId"}
            >
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
          </div>
          <Field meta={fields.material} label="Material" autoComplete="off" autoFocus={focus === "material"} />
        </div>
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
      </fieldset>

      <PhotoPicker form={form} images={fields.images} photos={fields.photos} imageUrl={fields.imageUrl} />

      {hasVariants ? null : (
        <fieldset className="max-w-2xl space-y-5" data-testid="product-price">
          <legend className="font-serif text-xl text-ink-900">Precio y existencias</legend>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field
              meta={fields.price}
              label="Precio (MXN), antes de IVA"
              autoComplete="off"
              hint={ivaHintText(
                fields.price.value,
                "En pesos antes de IVA, por ejemplo 1299.50 (la tienda suma el IVA)",
              )}
              autoFocus={focus === "price"}
              inputProps={{ inputMode: "decimal" }}
            />
            <Field
              meta={fields.originalPrice}
              label="Precio original antes de IVA (opcional)"
              autoComplete="off"
              hint={ivaHintText(fields.originalPrice.value, "Mayor que el precio cuando hay descuento")}
              autoFocus={focus === "originalPrice"}
              inputProps={{ inputMode: "decimal" }}
            />
            <div>
              <label htmlFor={fields.stock.id} className="field-label">
                Existencias
              </label>
              <input
                {...getInputProps(fields.stock, { type: "number" })}
                min={0}
                max={STOCK_MAX}
                step={1}
                className="field-input"
              />
              <HiddenInput meta={fields.stockLoaded} />
              <ErrorList id={fields.stock.errorId} errors={fields.stock.errors} />
            </div>
          </div>
        </fieldset>
      )}

      <OptionsMatrix
        values={matrix?.values ?? matrixFromRows(formDefaults.variants)}
        errors={matrix?.errors}
        notice={matrix?.notice}
        photos={photos}
      />

      <VariantEditor form={form} variants={fields.variants} orderedIds={orderedVariantIds} />

      <fieldset className="flex flex-wrap gap-6">
        <legend className="font-serif text-xl text-ink-900">Opciones</legend>
        {checkbox(fields.inStock, "En venta (visible en la tienda)")}
        {checkbox(fields.isNew, "Nuevo")}
        {checkbox(fields.isFeatured, "Destacado")}
      </fieldset>
      <OccasionPicker ticked={ticked} errors={fields.occasions.errors} />
      <div className="max-w-md">
        <SubmitButton busy={isPending} label={submitLabel} busyLabel="Guardando…" />
      </div>
    </Form>
  );
}

/** Anything passes: the shape the product form's parse has, for a post the server checks on its own. */
const AnyProductForm = z
  .custom<z.input<typeof ProductSchema>>(() => true)
  .pipe(z.custom<z.output<typeof ProductSchema>>(() => true));

/** *Generar combinaciones* goes to the server whatever the rest of the form holds (it saves nothing). */
function parseProductForm(formData: FormData) {
  const asksForMatrix = formData.get(MATRIX_INTENT.name) === MATRIX_INTENT.value;
  return parseWithZod(formData, { schema: asksForMatrix ? AnyProductForm : ProductSchema });
}

/** The matrix's answer in the action's data, when the form came back from *Generar combinaciones*. */
export function matrixOf(lastResult: unknown): MatrixAnswer | null {
  if (typeof lastResult !== "object" || lastResult === null || !("matrix" in lastResult)) return null;
  return (lastResult as { matrix: MatrixAnswer }).matrix;
}
