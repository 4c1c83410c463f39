import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { ErrorList, Field, RequiredMark, useSchemaForm } from "~/components/forms";
import { COUNTRY, PHONE_DIGITS, POSTAL_CODE_DIGITS } from "~/lib/constants";
import { MEXICAN_STATES, parseShipping, SHIPPING_MESSAGES, ShippingSchema } from "~/lib/validation/checkout";
import { CHECKOUT_ACTION, type CheckoutFormTag, LegalLink } from "./shared";

/** The step-1 form: every field of the shipping schema, errors next to each, values kept. */
export function ShippingForm({
  as: FormTag = Form,
  email,
  lastResult,
  busy,
}: {
  as?: CheckoutFormTag;
  email: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const { form, fields, focus } = useSchemaForm(ShippingSchema, {
    id: SHIPPING_FORM_ID,
    lastResult,
    defaultValue: { email },
    parse: parseShipping,
  });
  const digitsInput = (maxLength: number) => ({ inputMode: "numeric" as const, maxLength, onInput: digitsOnly });
  return (
    <FormTag
      method="post"
      action={CHECKOUT_ACTION}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="shipping-form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          meta={fields.firstName}
          label="Nombre"
          required
          autoComplete="given-name"
          autoFocus={focus === "firstName"}
        />
        <Field
          meta={fields.lastName}
          label="Apellidos"
          required
          autoComplete="family-name"
          autoFocus={focus === "lastName"}
        />
      </div>
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        hint="El email de tu cuenta; ahí te enviaremos la confirmación."
        inputProps={{ readOnly: true }}
      />
      <Field
        meta={fields.phone}
        label="Teléfono"
        type="tel"
        required
        autoComplete="tel-national"
        hint={`${PHONE_DIGITS} dígitos`}
        autoFocus={focus === "phone"}
        inputProps={digitsInput(PHONE_DIGITS)}
      />
      {/* The street's messages are listed under the colonia (both address lines in one place). */}
      <Field
        meta={fields.address}
        label="Colonia/Fraccionamiento"
        required
        autoComplete="address-level3"
        autoFocus={focus === "address"}
      />
      <div>
        <label htmlFor={fields.address_line2.id} className="field-label">
          Calle y número
        </label>
        <input
          {...getInputProps(fields.address_line2, { type: "text", ariaAttributes: false })}
          aria-invalid={fields.address.errors?.includes(SHIPPING_MESSAGES.streetRequired) ? true : undefined}
          aria-describedby={fields.address.errors ? fields.address.errorId : undefined}
          autoComplete="address-line1"
          className="field-input"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          meta={fields.city}
          label="Municipio"
          required
          autoComplete="address-level2"
          autoFocus={focus === "city"}
        />
        <Field
          meta={fields.postalCode}
          label="Código postal"
          required
          autoComplete="postal-code"
          autoFocus={focus === "postalCode"}
          inputProps={digitsInput(POSTAL_CODE_DIGITS)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.state.id} className="field-label">
            Estado
            <RequiredMark />
          </label>
          <select
            {...getSelectProps(fields.state)}
            autoComplete="address-level1"
            autoFocus={focus === "state"}
            className="field-input"
          >
            <option value="">Selecciona un estado</option>
            {MEXICAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          <ErrorList id={fields.state.errorId} errors={fields.state.errors} />
        </div>
        <div>
          <label htmlFor={`${SHIPPING_FORM_ID}-country`} className="field-label">
            País
          </label>
          <input id={`${SHIPPING_FORM_ID}-country`} value={COUNTRY} readOnly className="field-input" />
        </div>
      </div>
      <p className="text-xs leading-relaxed text-ink-700">
        Usamos estos datos solo para entregar y facturar tu pedido, como explica el{" "}
        <LegalLink to="/aviso-de-privacidad">Aviso de Privacidad</LegalLink>.
      </p>
      <button type="submit" name="intent" value="shipping" className="btn-primary w-full" disabled={busy}>
        {busy ? "Un momento…" : "Continuar al pago"}
      </button>
    </FormTag>
  );
}

export const SHIPPING_FORM_ID = "checkout-shipping";

/** Phone and postal code accept digits only. */
function digitsOnly(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D+/g, "");
  if (digits !== input.value) input.value = digits;
}
