import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, Field, FormError, SubmitButton, useSchemaForm } from "~/components/forms";
import type { Refusal } from "~/components/form-parts";
import { DEFAULT_USO, REGIMENES, USOS } from "~/lib/cfdi/catalogs";
import { normaliseRfc, personTypeByLength } from "~/lib/cfdi/rfc";
import { type FiscalProfileInput, FiscalProfileSchema } from "~/lib/validation/fiscal-profile";

/**
 * The receptor's fiscal data (CFDI 4.0), one form with and without JavaScript: the server checks
 * everything and answers each error next to its field, keeping the values. With JavaScript the régimen
 * list keeps only those of a persona física (RFC of 13) or moral (12), and the usos only those the chosen
 * régimen allows.
 */
export function FiscalForm({
  lastResult,
  defaultEmail,
  busy,
  substitute,
}: {
  lastResult: Refusal | null | undefined;
  defaultEmail: string;
  busy: boolean;
  /** Staff's *Sustituir*: the invoice's receptor data to correct, posted with intent "substitute". */
  substitute?: Partial<FiscalProfileInput>;
}) {
  const { form, fields, focus } = useSchemaForm(FiscalProfileSchema, {
    id: "fiscal-form",
    lastResult,
    defaultValue: substitute ?? { uso: DEFAULT_USO, email: defaultEmail },
  });
  const [rfc, setRfc] = useState(String(fields.rfc.initialValue ?? ""));
  const [regimen, setRegimen] = useState(String(fields.regimen.initialValue ?? ""));
  const person = personTypeByLength(rfc);
  const regimenes = REGIMENES.filter((r) => person === null || r[person] || r.code === regimen);
  const usos = USOS.filter(
    (u) => regimen === "" || u.regimenes.includes(regimen) || u.code === fields.uso.initialValue,
  );
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="space-y-5"
      data-testid="fiscal-form"
    >
      <input type="hidden" name="intent" value={substitute ? "substitute" : "new"} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.rfc}
        label="RFC"
        autoComplete="off"
        required
        autoFocus={focus === "rfc"}
        hint="13 caracteres si eres persona física, 12 si es una empresa; como en tu Constancia de Situación Fiscal."
        inputProps={{
          maxLength: 16,
          autoCapitalize: "characters",
          spellCheck: false,
          onInput: (event) => setRfc(normaliseRfc(event.currentTarget.value)),
        }}
      />
      <Field
        meta={fields.name}
        label="Nombre o razón social"
        autoComplete="organization"
        required
        autoFocus={focus === "name"}
        hint="En mayúsculas, exactamente como en tu Constancia de Situación Fiscal y sin el régimen societario: «ACME», no «ACME S.A. DE C.V.»."
        inputProps={{ maxLength: 254, autoCapitalize: "characters" }}
      />
      <SelectField
        meta={fields.regimen}
        label="Régimen fiscal"
        autoFocus={focus === "regimen"}
        onChange={setRegimen}
        options={regimenes.map((r) => ({ value: r.code, label: `${r.code} · ${r.name}` }))}
        placeholder="Elige tu régimen fiscal"
      />
      <SelectField
        meta={fields.uso}
        label="Uso del CFDI"
        autoFocus={focus === "uso"}
        options={usos.map((u) => ({ value: u.code, label: `${u.code} · ${u.name}` }))}
      />
      <Field
        meta={fields.zip}
        label="Código postal del domicilio fiscal"
        autoComplete="postal-code"
        required
        autoFocus={focus === "zip"}
        inputProps={{ inputMode: "numeric", maxLength: 5 }}
      />
      <Field
        meta={fields.email}
        label="Email para recibir la factura"
        type="email"
        autoComplete="email"
        required
        autoFocus={focus === "email"}
      />
      {substitute ? (
        <SubmitButton busy={busy} label="Sustituir factura" busyLabel="Sustituyendo factura…" />
      ) : (
        <>
          <p className="text-xs text-ink-700">Guardamos estos datos en tu cuenta para elegirlos la próxima vez.</p>
          <SubmitButton busy={busy} label="Solicitar factura" busyLabel="Emitiendo factura…" />
        </>
      )}
    </Form>
  );
}

function SelectField({
  meta,
  label,
  options,
  placeholder,
  autoFocus,
  onChange,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
  autoFocus?: boolean;
  onChange?: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      <select
        {...getSelectProps(meta)}
        autoFocus={autoFocus}
        className="field-input"
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
