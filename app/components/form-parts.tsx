import type { SubmissionResult } from "@conform-to/react";
import { type RefObject, useEffect } from "react";

/**
 * The plain pieces of a form (error lists, the form's own message, the submit button, the action's
 * answer read field by field): no conform, no zod, so a form that validates on the server only (the
 * newsletter box, the product page's review form) can use them without bringing the validation
 * libraries into the page's first-load JavaScript. `forms.tsx` re-exports them for every other form.
 */

/** The asterisk of a required field's label (screen readers hear `aria-required` instead). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-gold-700">
      {" "}
      *
    </span>
  );
}

/** A field's messages, the element its input's `aria-describedby` points to. */
export function ErrorList({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * The form's own messages (wrong credentials, too many attempts), announced when they appear.
 * Pass conform's form metadata: `<FormError id={form.errorId} errors={form.errors} />`.
 */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    // Focusable from script (tabIndex -1: not a tab stop), for a long form to bring it into view.
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      className="rounded-sm border border-red-800/20 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {errors.join(" ")}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** What an action answers a refused form with: conform's `submission.reply()`. */
export type Refusal = SubmissionResult<string[]>;

/**
 * One field as the action's refusal left it: its messages and the value sent, so a form that
 * validates on the server only shows both with or without JavaScript. `name` "" is the form's own
 * messages (`reply({ formErrors })`).
 */
export function answerField(formId: string, refused: Refusal | null | undefined, name: string) {
  const errors = refused?.error?.[name] ?? undefined;
  const value = refused?.initialValue?.[name];
  return {
    id: `${formId}-${name}`,
    errorId: `${formId}-${name}-error`,
    errors: errors?.length ? errors : undefined,
    value: typeof value === "string" || Array.isArray(value) ? value : undefined,
  };
}

/**
 * With JavaScript a refusal arrives without a page load, so `autoFocus` (which only acts when the
 * input is first rendered) cannot move the focus to the field to correct: this moves it to the
 * first field the answer marked invalid.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement>, refused: Refusal | null | undefined) {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, refused]);
}
