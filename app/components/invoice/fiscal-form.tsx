import { Form } from "@remix-run/react";
import { useState } from "react";
import { Field, FormError, SelectField, SubmitButton, useSchemaForm } from "~/components/forms";
import type { Refusal } from "~/components/form-parts";
import { DEFAULT_USO, USOS } from "~/lib/cfdi/catalogs";
import { type FiscalProfileInput, FiscalProfileSchema } from "~/lib/validation/fiscal-profile";
import { TaxpayerFields, type TaxpayerTexts } from "./taxpayer-fields";

const RECEPTOR_TEXTS: TaxpayerTexts = {
  rfcLabel: "RFC",
  rfcHint: "13 caracteres si eres persona física, 12 si es una empresa; como en tu Constancia de Situación Fiscal.",
  nameLabel: "Nombre o razón social",
  nameHint:
    "En mayúsculas, exactamente como en tu Constancia de Situación Fiscal y sin el régimen societario: «ACME», no «ACME S.A. DE C.V.».",
  regimenPlaceholder: "Elige tu régimen fiscal",
};

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
  const [regimen, setRegimen] = useState(String(fields.regimen.initialValue ?? ""));
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
      <TaxpayerFields fields={fields} focus={focus} texts={RECEPTOR_TEXTS} onRegimenChange={setRegimen} />
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
