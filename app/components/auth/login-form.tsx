import { getFormProps } from "@conform-to/react";
import { Field, FormError, SubmitButton, useSchemaForm } from "~/components/forms";
import { LoginSchema } from "~/lib/validation/auth";
import { AccountEntryFields, type AccountEntryProps, type AuthFormProps, ModeLink, type ModeSwitch } from "./shared";

export function LoginForm({
  as: FormTag,
  lastResult,
  busy,
  idPrefix,
  redirectTo,
  pendingAdd,
  action = "/login",
  toRegister,
  toForgot,
}: AuthFormProps & AccountEntryProps & { toRegister: ModeSwitch; toForgot: ModeSwitch }) {
  const { form, fields, focus, answerKey } = useSchemaForm(LoginSchema, { id: `${idPrefix}login`, lastResult });
  return (
    <FormTag
      method="post"
      action={action}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid={`${idPrefix}login-form`}
    >
      <AccountEntryFields redirectTo={redirectTo} pendingAdd={pendingAdd} viaFetcher={idPrefix === "modal-"} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" autoFocus={focus === "email"} />
      <div>
        <Field
          key={answerKey}
          meta={fields.password}
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          autoFocus={focus === "password"}
        />
        <p className="mt-2 text-right text-sm">
          <ModeLink to={toForgot}>¿Olvidaste tu contraseña?</ModeLink>
        </p>
      </div>
      <SubmitButton busy={busy} label="Iniciar Sesión" busyLabel="Iniciando sesión…" />
      <p className="text-center text-sm text-ink-700">
        ¿No tienes cuenta? <ModeLink to={toRegister}>Regístrate</ModeLink>
      </p>
    </FormTag>
  );
}
