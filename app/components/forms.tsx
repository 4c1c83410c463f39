import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useState, type HTMLInputAutoCompleteAttribute, type InputHTMLAttributes } from "react";
import type { z } from "zod";
import { ErrorList, RequiredMark } from "./form-parts";

export { ErrorList, FormError, RequiredMark, SubmitButton } from "./form-parts";

/**
 * The shared pieces of every form (conform + zod): a labelled field with its errors, the
 * form-level message and the submit button. Errors and kept values come from conform's field
 * metadata, which reads the action's `submission.reply()` (with or without JavaScript) and,
 * with JavaScript, the same schema in the browser.
 */

type FieldProps = {
  meta: FieldMetadata<string>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "url" | "search";
  autoComplete: HTMLInputAutoCompleteAttribute;
  /** A short help text, shown (and described) while the field has no error. */
  hint?: string;
  /** The first invalid field after a server answer takes the focus, even without JavaScript. */
  autoFocus?: boolean;
  /** Marks the label with a (decorative) asterisk; the schema is what makes a field required. */
  required?: boolean;
  /** Further input attributes (inputMode, maxLength, readOnly, onInput…). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "defaultValue" | "className">;
};

/** A labelled input with its error list; conform sets `aria-invalid` and `aria-describedby`. */
export function Field({ meta, label, type = "text", autoComplete, hint, autoFocus, required, inputProps }: FieldProps) {
  const showHint = Boolean(hint) && !meta.errors;
  const hintId = `${meta.id}-hint`;
  const input = getInputProps(meta, {
    type,
    ariaDescribedBy: showHint ? hintId : undefined,
    // A password is never put back into the page.
    value: type !== "password",
  });
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        {...input}
        {...inputProps}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        className="field-input"
        {...(type === "email" ? { inputMode: "email" as const, autoCapitalize: "none", spellCheck: false } : {})}
      />
      <HintAndErrors hintId={hintId} hint={showHint ? hint : undefined} meta={meta} />
    </div>
  );
}

/** A labelled text area with its hint and error list, like `Field`. */
export function TextAreaField({
  meta,
  label,
  hint,
  rows = 3,
  autoFocus,
}: {
  meta: FieldMetadata<string | null>;
  label: string;
  hint?: string;
  rows?: number;
  autoFocus?: boolean;
}) {
  const showHint = Boolean(hint) && !meta.errors;
  const hintId = `${meta.id}-hint`;
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: showHint ? hintId : undefined })}
        rows={rows}
        autoFocus={autoFocus}
        className="field-input"
      />
      <HintAndErrors hintId={hintId} hint={showHint ? hint : undefined} meta={meta} />
    </div>
  );
}

/** A field's help text (while it has no error) and its messages, under the input. */
function HintAndErrors({
  hintId,
  hint,
  meta,
}: {
  hintId: string;
  hint: string | undefined;
  meta: { errorId: string; errors?: string[] };
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-700/70">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </>
  );
}

/**
 * The name of the first field with an error (form-level messages excluded), from conform's
 * `form.allErrors`: it gets `autoFocus`, which works without JavaScript too.
 */
function firstInvalidField(allErrors: Record<string, string[]>): string | undefined {
  return Object.entries(allErrors).find(([name, errors]) => name !== "" && errors.length > 0)?.[0];
}

/**
 * A number that changes with every answer from the server. Inputs the server does not send back
 * (passwords, `hideFields`) use it as their `key`, so each answer leaves them empty, as a page
 * load without JavaScript does.
 */
function useAnswerKey(lastResult: unknown): number {
  const [seen, setSeen] = useState({ result: lastResult, key: 0 });
  if (seen.result !== lastResult) setSeen({ result: lastResult, key: seen.key + 1 });
  return seen.result === lastResult ? seen.key : seen.key + 1;
}

/**
 * conform's `useForm` with the shop's settings, for every form: the same zod schema as the action
 * validates in the browser (on blur, then on every keystroke once a field has an error), and the
 * action's `submission.reply()` (`lastResult`) brings the server's errors and kept values. Also gives
 * the first invalid field (for `autoFocus`) and the answer key (for inputs the server never sends back).
 */
type FormOptions<Schema extends z.ZodTypeAny> = Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0];

export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
    parse = (formData) => parseWithZod(formData, { schema }),
    shouldValidate = "onBlur",
  }: {
    id: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: FormOptions<Schema>["defaultValue"];
    /** The action's own parse when it reshapes the errors (it must be the one the action uses). */
    parse?: (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;
    /** One-field forms (an e-mail box) validate on submit, so leaving the field empty is not an error. */
    shouldValidate?: "onBlur" | "onSubmit";
  },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parse(formData),
    shouldValidate,
    shouldRevalidate: "onInput",
  });
  const answerKey = useAnswerKey(lastResult);
  return { form, fields, focus: firstInvalidField(form.allErrors), answerKey };
}

/** A new password and its confirmation (registration, reset): emptied after every server answer. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
  focus,
  answerKey,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  labels: { password: string; confirmPassword: string };
  focus: string | undefined;
  answerKey: number;
}) {
  return (
    <>
      <Field
        key={`password-${answerKey}`}
        meta={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        autoFocus={focus === password.name}
        hint="Al menos 6 caracteres."
      />
      <Field
        key={`confirm-${answerKey}`}
        meta={confirmPassword}
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        autoFocus={focus === confirmPassword.name}
      />
    </>
  );
}

/** A labelled select with its error list (a catalogue such as the régimen fiscal). */
export function SelectField({
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
