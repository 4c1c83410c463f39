import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { REGIMENES } from "~/lib/cfdi/catalogs";
import { normaliseRfc, personTypeByLength } from "~/lib/cfdi/rfc";

export type TaxpayerTexts = {
  rfcLabel: string;
  rfcHint: string;
  nameLabel: string;
  nameHint: string;
  regimenPlaceholder: string;
};

/**
 * A taxpayer's RFC, nombre o razón social and régimen fiscal: the shopper's fiscal form and the shop's own
 * (/admin/facturacion). With JavaScript the régimen list keeps only those of a persona física (RFC of 13)
 * or moral (12), and the chosen one.
 */
export function TaxpayerFields({
  fields,
  focus,
  texts,
  onRegimenChange,
}: {
  fields: { rfc: FieldMetadata<string>; name: FieldMetadata<string>; regimen: FieldMetadata<string> };
  focus: string | undefined;
  texts: TaxpayerTexts;
  onRegimenChange?: (regimen: string) => void;
}) {
  const [rfc, setRfc] = useState(String(fields.rfc.initialValue ?? ""));
  const [regimen, setRegimen] = useState(String(fields.regimen.initialValue ?? ""));
  const person = personTypeByLength(rfc);
  const regimenes = REGIMENES.filter((r) => person === null || r[person] || r.code === regimen);
  return (
    <>
      <Field
        meta={fields.rfc}
        label={texts.rfcLabel}
        autoComplete="off"
        required
        autoFocus={focus === "rfc"}
        hint={texts.rfcHint}
        inputProps={{
          maxLength: 16,
          autoCapitalize: "characters",
          spellCheck: false,
          onInput: (event) => setRfc(normaliseRfc(event.currentTarget.value)),
        }}
      />
      <Field
        meta={fields.name}
        label={texts.nameLabel}
        autoComplete="organization"
        required
        autoFocus={focus === "name"}
        hint={texts.nameHint}
        inputProps={{ maxLength: 254, autoCapitalize: "characters" }}
      />
      <SelectField
        meta={fields.regimen}
        label="Régimen fiscal"
        autoFocus={focus === "regimen"}
        onChange={(value) => {
          setRegimen(value);
          onRegimenChange?.(value);
        }}
        options={regimenes.map((r) => ({ value: r.code, label: `${r.code} · ${r.name}` }))}
        placeholder={texts.regimenPlaceholder}
      />
    </>
  );
}
