import { Form } from "@remix-run/react";
import { DISCOUNT_KINDS } from "~/lib/discounts";
import {
  DISCOUNT_CODE_FIELDS,
  DISCOUNT_KIND_LABEL,
  type DiscountCodeField,
  type DiscountCodeFormValues,
} from "~/lib/validation/discount-code";

/** The action's answer to a refused form: each field's Spanish message and everything as typed. */
export type DiscountCodeAnswer = { errors: Partial<Record<string, string>>; values: Record<string, string> };

/** What an edit adds to the form: the uses counted and whether the code's text may still change. */
export type DiscountCodeEditState = { usedCount: number; codeLocked: boolean };

/**
 * A discount code's form (docs/decisions/058), for a new code on the list and for an existing one on its
 * edit page: a plain POST that works without JavaScript; a refused form comes back with its Spanish
 * errors next to the fields, everything typed kept, and the first wrong field focused.
 */
export function DiscountCodeForm({
  answer,
  defaults,
  labelledBy,
  intent,
  submitLabel,
  edit,
}: {
  answer: DiscountCodeAnswer | null;
  /** The stored code's values for an edit; empty for a new one. */
  defaults: Partial<DiscountCodeFormValues>;
  labelledBy: string;
  intent: string;
  submitLabel: string;
  edit?: DiscountCodeEditState;
}) {
  const firstError = DISCOUNT_CODE_FIELDS.find((name) => answer?.errors[name]);
  const valueOf = (name: DiscountCodeField) => answer?.values[name] ?? defaults[name] ?? "";
  const field = (name: DiscountCodeField, label: string, hint?: string, type = "text", readOnly = false) => {
    const error = answer?.errors[name];
    return (
      <div>
        <label htmlFor={`cupon-${name}`} className="block text-sm text-ink-800">
          {label}
        </label>
        <input
          id={`cupon-${name}`}
          name={name}
          type={type}
          defaultValue={valueOf(name)}
          readOnly={readOnly}
          autoFocus={firstError === name}
          className={`field-input mt-1${readOnly ? " bg-ink-900/5" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `cupon-${name}-error` : hint ? `cupon-${name}-hint` : undefined}
        />
        {hint && !error ? (
          <p id={`cupon-${name}-hint`} className="mt-1 text-xs text-ink-700">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`cupon-${name}-error`} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const kindError = answer?.errors.kind;
  const locked = edit?.codeLocked ?? false;
  const uses = !edit
    ? ""
    : edit.usedCount === 0
      ? "Todavía no se usó. "
      : `Ya se usó ${edit.usedCount} ${edit.usedCount === 1 ? "vez" : "veces"}. `;
  return (
    <Form
      method="post"
      // A new answer mounts the fields again, so the first wrong one takes the focus with JavaScript too.
      key={answer ? JSON.stringify(answer.errors) : "form"}
      className="grid max-w-3xl gap-4 sm:grid-cols-2"
      aria-labelledby={labelledBy}
    >
      {edit ? (
        <p className="text-sm text-ink-700 sm:col-span-2" data-testid="discount-code-edit-note">
          Los pedidos ya hechos conservan el descuento con el que se cobraron: los cambios valen para los carritos y los
          pedidos nuevos.
        </p>
      ) : null}
      {field(
        "code",
        "Código",
        locked
          ? "Ya aparece en pedidos y correos, así que no puede cambiar"
          : "Se guarda en mayúsculas, p. ej. BUENFIN",
        "text",
        locked,
      )}
      <div>
        <label htmlFor="cupon-kind" className="block text-sm text-ink-800">
          Tipo
        </label>
        <select
          id="cupon-kind"
          name="kind"
          defaultValue={valueOf("kind") || "percentage"}
          autoFocus={firstError === "kind"}
          className="field-input mt-1"
          aria-invalid={kindError ? true : undefined}
          aria-describedby={kindError ? "cupon-kind-error" : undefined}
        >
          {DISCOUNT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DISCOUNT_KIND_LABEL[kind]}
            </option>
          ))}
        </select>
        {kindError ? (
          <p id="cupon-kind-error" className="mt-1 text-sm text-red-800">
            {kindError}
          </p>
        ) : null}
      </div>
      {field("value", "Valor", "Porcentaje (1 a 100) o pesos con IVA; vacío para envío gratis")}
      {field("minimumPurchase", "Compra mínima (pesos con IVA)", "Vacío: sin mínimo")}
      {field("startsAt", "Inicio (hora de la Ciudad de México)", "Vacío: desde ahora", "datetime-local")}
      {field("endsAt", "Fin (hora de la Ciudad de México)", "Vacío: sin fin", "datetime-local")}
      {field("usageLimit", "Usos en total", `${uses}Vacío: sin límite`)}
      {field("perShopperLimit", "Usos por cliente", "Vacío: sin límite")}
      {field("categoryIds", "Solo categorías (ids)", "Separadas por comas; vacío: todas")}
      {field("productIds", "Solo piezas (ids)", "Separadas por comas; vacío: todas")}
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value={intent} className="btn-primary">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
