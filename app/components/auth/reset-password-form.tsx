import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Field, firstInvalidField, SubmitButton, useAnswerKey } from "~/components/forms";
import { ResetPasswordSchema } from "~/lib/validation/auth";
import type { AuthResult } from "./shared";

/** The new password for a reset link: a page of its own, never in the modal. */
export function ResetPasswordForm({
  lastResult,
  busy,
  token,
}: {
  lastResult: AuthResult | null | undefined;
  busy: boolean;
  token: string;
}) {
  const [form, fields] = useForm({
    id: "reset",
    lastResult,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const answerKey = useAnswerKey(lastResult);
  const focus = firstInvalidField(form.allErrors);
  return (
    <Form
      method="post"
      action={`/reset-password?token=${encodeURIComponent(token)}`}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="reset-form"
    >
      <input type="hidden" name="token" value={token} />
      <Field
        key={`password-${answerKey}`}
        meta={fields.password}
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        autoFocus={focus === "password"}
        hint="Al menos 6 caracteres."
      />
      <Field
        key={`confirm-${answerKey}`}
        meta={fields.confirmPassword}
        label="Confirmar nueva contraseña"
        type="password"
        autoComplete="new-password"
        autoFocus={focus === "confirmPassword"}
      />
      <SubmitButton busy={busy} label="Guardar contraseña" busyLabel="Guardando…" />
    </Form>
  );
}
