/**
 * The plain pieces of a form (error lists, the form's own message, the submit button): no conform,
 * no zod, so a form that validates on the server only (the home page's newsletter box) can use them
 * without bringing the validation libraries into the page's first-load JavaScript. `forms.tsx`
 * re-exports them for every other form.
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
    <div id={id} role="alert" className="rounded-sm border border-red-800/20 bg-red-50 px-4 py-3 text-sm text-red-900">
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
