import { DEFAULT_USO, findRegimen, REGIMENES, USOS } from "~/lib/cfdi/catalogs";
import type { CheckoutInvoiceAnswer } from "~/lib/checkout-invoice";

type Profile = { id: string; rfc: string; name: string; regimen: string; uso: string; zip: string };

/**
 * *¿Requieres factura?* in checkout's step 2 (docs/decisions/050): collapsed by default (a <details>, so it
 * opens without JavaScript), "No requiero factura" chosen until the shopper picks a saved fiscal profile
 * or "Otros datos fiscales" and types them. Posted with PAGAR; the server checks them as in Mis Pedidos
 * and answers each error next to its field, the values kept (the details open again).
 */
export function CheckoutInvoiceFields({
  profiles,
  answer,
  defaultEmail,
}: {
  profiles: Profile[];
  answer: CheckoutInvoiceAnswer | null;
  defaultEmail: string;
}) {
  const choice = answer?.choice ?? "";
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const value = (key: string, fallback = "") => (answer ? (values[key] ?? "") : fallback);
  return (
    <details
      open={choice !== ""}
      className="rounded-sm border border-ink-900/10 bg-white p-5"
      data-testid="checkout-invoice"
    >
      <summary className="cursor-pointer font-serif text-xl text-ink-900">¿Requieres factura?</summary>
      <fieldset className="mt-4 space-y-2 text-sm text-ink-800" aria-describedby="factura-choice-error">
        <legend className="sr-only">Datos fiscales para tu factura</legend>
        <Choice value="" checked={choice === ""} label="No requiero factura" />
        {profiles.map((p) => (
          <Choice
            key={p.id}
            value={`perfil:${p.id}`}
            checked={choice === `perfil:${p.id}`}
            label={`${p.name} · RFC ${p.rfc} · ${findRegimen(p.regimen)?.name ?? p.regimen} · C.P. ${p.zip}`}
          />
        ))}
        <Choice
          value="nuevo"
          checked={choice === "nuevo"}
          label={profiles.length > 0 ? "Otros datos fiscales" : "Sí, con estos datos fiscales"}
        />
        <Errors id="factura-choice-error" errors={errors.choice} />
      </fieldset>
      <p className="mt-3 text-xs text-ink-700">
        La emitimos en cuanto se confirme tu pago (con OXXO o SPEI, cuando llegue) y te la enviamos por email con el XML
        y el PDF; también podrás descargarla en Mis Pedidos.
      </p>
      <div className="mt-4 space-y-4">
        <Input
          name="factura_rfc"
          label="RFC"
          value={value("rfc")}
          errors={errors.rfc}
          hint="13 caracteres si eres persona física, 12 si es una empresa."
        />
        <Input
          name="factura_name"
          label="Nombre o razón social"
          value={value("name")}
          errors={errors.name}
          hint="En mayúsculas, como en tu Constancia de Situación Fiscal y sin «S.A. de C.V.»."
        />
        <Select
          name="factura_regimen"
          label="Régimen fiscal"
          value={value("regimen")}
          errors={errors.regimen}
          placeholder="Elige tu régimen fiscal"
          options={REGIMENES.map((r) => ({ value: r.code, label: `${r.code} · ${r.name}` }))}
        />
        <Select
          name="factura_uso"
          label="Uso del CFDI"
          value={value("uso", DEFAULT_USO)}
          errors={errors.uso}
          options={USOS.map((u) => ({ value: u.code, label: `${u.code} · ${u.name}` }))}
        />
        <Input name="factura_zip" label="Código postal del domicilio fiscal" value={value("zip")} errors={errors.zip} />
        <Input
          name="factura_email"
          label="Email para recibir la factura"
          value={value("email", defaultEmail)}
          errors={errors.email}
        />
      </div>
    </details>
  );
}

function Choice({ value, checked, label }: { value: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-start gap-2">
      <input type="radio" name="factura" value={value} defaultChecked={checked} className="mt-1" />
      <span>{label}</span>
    </label>
  );
}

function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <div id={id} className="text-sm text-red-800" role={errors?.length ? "alert" : undefined}>
      {errors?.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

function Input({
  name,
  label,
  value,
  errors,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  errors: string[] | undefined;
  hint?: string;
}) {
  const id = name.replace("_", "-");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        className="field-input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-error`}
        autoComplete="off"
      />
      {hint ? <p className="mt-1 text-xs text-ink-700">{hint}</p> : null}
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}

function Select({
  name,
  label,
  value,
  errors,
  options,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  errors: string[] | undefined;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
}) {
  const id = name.replace("_", "-");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="field-input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-error`}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}
