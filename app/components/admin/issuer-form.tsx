import { Form } from "@remix-run/react";
import { useState } from "react";
import { Field, FormError, SelectField, SubmitButton, useSchemaForm } from "~/components/forms";
import type { Refusal } from "~/components/form-parts";
import { REGIMENES } from "~/lib/cfdi/catalogs";
import type { Issuer } from "~/lib/cfdi/comprobante";
import { normaliseRfc, personTypeByLength } from "~/lib/cfdi/rfc";
import { IssuerSchema } from "~/lib/validation/issuer";

/**
 * The shop's own fiscal data as issuer (/admin/facturacion), with and without JavaScript: the server
 * checks everything and answers each error next to its field, keeping the values; with JavaScript the
 * régimen list keeps only those of the RFC's person type, as in the shopper's fiscal form.
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
  const [rfc, setRfc] = useState(String(fields.rfc.initialValue ?? ""));
  const [regimen, setRegimen] = useState(String(fields.regimen.initialValue ?? ""));
  const person = personTypeByLength(rfc);
  const regimenes = REGIMENES.filter((r) => person === null || r[person] || r.code === regimen);
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
      <Field
        meta={fields.rfc}
        label="RFC de la tienda"
        autoComplete="off"
        required
        autoFocus={focus === "rfc"}
        hint="13 caracteres si la tienda es de una persona física, 12 si es de una empresa (persona moral)."
        inputProps={{
          maxLength: 16,
          autoCapitalize: "characters",
          spellCheck: false,
          onInput: (event) => setRfc(normaliseRfc(event.currentTarget.value)),
        }}
      />
      <Field
        meta={fields.name}
        label="Razón social"
        autoComplete="organization"
        required
        autoFocus={focus === "name"}
        hint="En mayúsculas, como en la Constancia de Situación Fiscal y sin el régimen societario: «ACME», no «ACME S.A. DE C.V.»."
        inputProps={{ maxLength: 254, autoCapitalize: "characters" }}
      />
      <SelectField
        meta={fields.regimen}
        label="Régimen fiscal"
        autoFocus={focus === "regimen"}
        onChange={setRegimen}
        options={regimenes.map((r) => ({ value: r.code, label: `${r.code} · ${r.name}` }))}
        placeholder="Elige el régimen fiscal"
      />
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
