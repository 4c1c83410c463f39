import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { NewPasswordFields, SubmitButton, useSchemaForm } from "~/components/forms";
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
  const { form, fields, focus, answerKey } = useSchemaForm(ResetPasswordSchema, { id: "reset", lastResult });
  return (
    <Form
      method="post"
      action={`/reset-password?token=${encodeURIComponent(token)}`}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="reset-form"
    >
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        labels={{ password: "Nueva contraseña", confirmPassword: "Confirmar nueva contraseña" }}
        focus={focus}
        answerKey={answerKey}
      />
      <SubmitButton busy={busy} label="Guardar contraseña" busyLabel="Guardando…" />
    </Form>
  );
}
