import { Form } from "@remix-run/react";
import { Field, FormError, SubmitButton, useSchemaForm } from "~/components/forms";
import type { Refusal } from "~/components/form-parts";
import { TaxpayerFields, type TaxpayerTexts } from "~/components/invoice/taxpayer-fields";
import type { Issuer } from "~/lib/cfdi/comprobante";
import { IssuerSchema } from "~/lib/validation/issuer";

const ISSUER_TEXTS: TaxpayerTexts = {
  rfcLabel: "RFC de la tienda",
  rfcHint: "13 caracteres si la tienda es de una persona física, 12 si es de una empresa (persona moral).",
  nameLabel: "Razón social",
  nameHint:
    "En mayúsculas, como en la Constancia de Situación Fiscal y sin el régimen societario: «ACME», no «ACME S.A. DE C.V.».",
  regimenPlaceholder: "Elige el régimen fiscal",
};

/**
 * The shop's own fiscal data as issuer (/admin/facturacion), with and without JavaScript: the server
 * checks everything and answers each error next to its field, keeping the values.
 */
export function IssuerForm({
  lastResult,
  current,
  busy,
}: {
  lastResult: Refusal | null | undefined;
  current: Issuer | null;
  busy: boolean;
}) {
  const { form, fields, focus } = useSchemaForm(IssuerSchema, {
    id: "issuer-form",
    lastResult,
    defaultValue: current ?? undefined,
  });
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="space-y-5"
      data-testid="issuer-form"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <TaxpayerFields fields={fields} focus={focus} texts={ISSUER_TEXTS} />
      <Field
        meta={fields.zip}
        label="Código postal del lugar de expedición"
        autoComplete="postal-code"
        required
        autoFocus={focus === "zip"}
        hint="El del domicilio desde el que la tienda emite sus facturas."
        inputProps={{ inputMode: "numeric", maxLength: 5 }}
      />
      <SubmitButton busy={busy} label="Guardar datos fiscales" busyLabel="Guardando…" />
    </Form>
  );
}
