import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, FormError } from "~/components/form-parts";
import { Field, useSchemaForm } from "~/components/forms";
import { SaleEventSchema } from "~/lib/validation/sale-event";

/** What the form starts with: an event's stored values, or empty for a new one (strings, as typed). */
export type SaleEventFormValues = {
  name: string;
  percentOff: string;
  startsAt: string;
  endsAt: string;
  categoryIds: string[];
  productIds: string;
};

/**
 * The sale event's form (docs/decisions/057-sale-events.md): a plain POST that works without
 * JavaScript; the action's answer brings its Spanish errors and everything typed back. Dates are
 * entered in Mexico City time.
 */
export function SaleEventForm({
  lastResult,
  defaultValue,
  categories,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: SaleEventFormValues;
  categories: { id: number; name: string }[];
  submitLabel: string;
}) {
  const { form, fields, focus } = useSchemaForm(SaleEventSchema, { id: "sale-event", lastResult, defaultValue });
  const sent = lastResult?.initialValue?.categoryIds;
  const ticked = new Set(sent === undefined ? defaultValue.categoryIds : [sent].flat().map(String));
  const dateInput = (meta: typeof fields.startsAt, label: string) => (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type: "datetime-local" })}
        autoFocus={focus === meta.name}
        className="field-input"
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5" data-testid="sale-event-form">
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.name}
        label="Nombre del evento"
        autoComplete="off"
        autoFocus={focus === "name"}
        hint="Por ejemplo: Buen Fin"
      />
      <div>
        <label htmlFor={fields.percentOff.id} className="field-label">
          Descuento (%)
        </label>
        <input
          {...getInputProps(fields.percentOff, { type: "number" })}
          inputMode="numeric"
          autoFocus={focus === "percentOff"}
          className="field-input max-w-32"
        />
        <ErrorList id={fields.percentOff.errorId} errors={fields.percentOff.errors} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {dateInput(fields.startsAt, "Empieza (hora de la Ciudad de México)")}
        {dateInput(fields.endsAt, "Termina (hora de la Ciudad de México)")}
      </div>
      <fieldset>
        <legend className="field-label">Categorías en oferta</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {categories.map((category) => (
            <label key={category.id} className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="checkbox"
                name={fields.categoryIds.name}
                value={String(category.id)}
                defaultChecked={ticked.has(String(category.id))}
                className="h-4 w-4"
              />
              {category.name}
            </label>
          ))}
        </div>
        <ErrorList id={fields.categoryIds.errorId} errors={fields.categoryIds.errors} />
      </fieldset>
      <Field
        meta={fields.productIds}
        label="Piezas en oferta (números de pieza)"
        autoComplete="off"
        autoFocus={focus === "productIds"}
        hint="Los números de las piezas separados por comas (Panel → Productos); déjalo vacío si eliges categorías"
      />
      <p className="text-sm text-ink-700">Si una pieza está en dos eventos a la vez, se aplica el descuento mayor.</p>
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
