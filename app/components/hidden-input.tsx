import { type FieldMetadata, getInputProps } from "@conform-to/react";

/**
 * A conform field carried in a hidden input, without the schema's constraints (`required`, `pattern`,
 * `maxLength`…): none is allowed on a hidden input (the HTML checker's errors on the product forms,
 * issue 37), and the server checks the field anyway.
 */
export function HiddenInput<T>({ meta }: { meta: FieldMetadata<T> }) {
  const {
    required: _r,
    pattern: _p,
    maxLength: _x,
    minLength: _n,
    min: _a,
    max: _b,
    step: _s,
    multiple: _m,
    ...props
  } = getInputProps(meta, { type: "hidden" });
  return <input {...props} />;
}
