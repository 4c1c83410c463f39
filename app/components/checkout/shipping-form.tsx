import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { ErrorList, Field, RequiredMark, TextAreaField, useSchemaForm } from "~/components/forms";
import { COUNTRY, POSTAL_CODE_DIGITS } from "~/lib/constants";
import { ADDRESS_ONLY_FIELDS, type SavedAddress, savedAddressValues } from "~/lib/saved-address";
import { MEXICAN_STATES, parseShipping, SHIPPING_MESSAGES, ShippingSchema } from "~/lib/validation/checkout";
import type { CheckoutPage } from "~/models/checkout.server";
import { AddressFields, useDraftSaver } from "./draft";
import { GiftOptions } from "./gift-options";
import { SavedAddressPicker } from "./saved-addresses";
import { CHECKOUT_ACTION, type CheckoutFormTag, LegalLink } from "./shared";

/**
 * The step-1 form: every field of the shipping schema, errors next to each (all of them in one round,
 * the postal code checked against the state too), values kept; a returning customer's newest address
 * already in it, and their other addresses one click away; then the gift options.
 */
export function ShippingForm({
  as: FormTag = Form,
  page,
  lastResult,
  busy,
}: {
  as?: CheckoutFormTag;
  page: Pick<CheckoutPage, "email" | "addresses" | "chosenAddressId" | "giftWrapPrice" | "draft">;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const chosen = page.addresses.find((a) => a.id === page.chosenAddressId) ?? null;
  const { form, fields, focus } = useSchemaForm(ShippingSchema, {
    id: SHIPPING_FORM_ID,
    lastResult,
    // What the shopper typed last (kept on the server), else the chosen saved address.
    defaultValue: { email: page.email, ...(page.draft ?? savedAddressValues(chosen)) },
    parse: parseShipping,
  });
  const [picked, setPicked] = useState(chosen !== null);
  const saveDraft = useDraftSaver();
  const chooseAddress = (address: SavedAddress | null) => {
    const value: Record<string, string | null | undefined> = { ...form.value };
    for (const name of ADDRESS_ONLY_FIELDS) delete value[name];
    form.update({ value: { ...value, ...savedAddressValues(address) } });
    setPicked(address !== null);
  };
  // A saved address picked from the list collapses the fields, unless they have something to say.
  const collapsed = picked && !form.errors?.length && !Object.values(form.allErrors).some((e) => e.length > 0);
  return (
    <FormTag
      method="post"
      action={CHECKOUT_ACTION}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="shipping-form"
      onChange={saveDraft}
    >
      {page.addresses.length > 0 ? (
        <SavedAddressPicker addresses={page.addresses} chosenId={chosen?.id ?? null} onChoose={chooseAddress} />
      ) : null}
      <AddressFields collapsed={collapsed}>
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
          hint="10 dígitos, p. ej. 55 1234 5678"
          autoFocus={focus === "phone"}
          inputProps={{ inputMode: "tel", maxLength: 24 }}
        />
        {/* The street's messages are listed under the colonia (both address lines in one place). */}
        <Field
          meta={fields.address}
          label="Colonia/Fraccionamiento"
          required
          autoComplete="address-level3"
          autoFocus={focus === "address"}
        />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
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
          <Field
            meta={fields.interiorNumber}
            label="Número interior (opcional)"
            autoComplete="address-line2"
            autoFocus={focus === "interiorNumber"}
          />
        </div>
        <TextAreaField
          meta={fields.references}
          label="Referencias (opcional)"
          hint="Entre qué calles está, el color de la fachada: ayuda a la paquetería a encontrarte."
          rows={2}
          autoFocus={focus === "references"}
        />
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
            inputProps={{ inputMode: "numeric", maxLength: POSTAL_CODE_DIGITS, onInput: digitsOnly }}
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
      </AddressFields>
      <GiftOptions
        giftWrap={fields.giftWrap}
        giftMessage={fields.giftMessage}
        price={page.giftWrapPrice}
        focus={focus}
      />
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

/** The postal code accepts digits only. */
function digitsOnly(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D+/g, "");
  if (digits !== input.value) input.value = digits;
}
