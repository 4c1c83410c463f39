import { getFormProps } from "@conform-to/react";
import { Link } from "~/components/link";
import { Field, FormError, NewPasswordFields, SubmitButton, useSchemaForm } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { RegisterSchema } from "~/lib/validation/auth";
import { AccountEntryFields, type AccountEntryProps, type AuthFormProps, ModeLink, type ModeSwitch } from "./shared";

export function RegisterForm({
  as: FormTag,
  lastResult,
  busy,
  idPrefix,
  redirectTo,
  pendingAdd,
  action = "/register",
  toLogin,
}: AuthFormProps & AccountEntryProps & { toLogin: ModeSwitch }) {
  const { form, fields, focus, answerKey } = useSchemaForm(RegisterSchema, { id: `${idPrefix}register`, lastResult });
  return (
    <FormTag
      method="post"
      action={action}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid={`${idPrefix}register-form`}
    >
      <AccountEntryFields redirectTo={redirectTo} pendingAdd={pendingAdd} viaFetcher={idPrefix === "modal-"} />
      <Honeypot />
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.name} label="Nombre" autoComplete="name" autoFocus={focus === "name"} />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" autoFocus={focus === "email"} />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        labels={{ password: "Contraseña", confirmPassword: "Confirmar contraseña" }}
        focus={focus}
        answerKey={answerKey}
      />
      <p className="text-xs leading-relaxed text-ink-700">
        Al crear tu cuenta aceptas los{" "}
        <Link to="/terminos-y-condiciones" className="text-gold-700 underline underline-offset-2">
          Términos y Condiciones
        </Link>{" "}
        y el tratamiento de tus datos descrito en el{" "}
        <Link to="/aviso-de-privacidad" className="text-gold-700 underline underline-offset-2">
          Aviso de Privacidad
        </Link>
        .
      </p>
      <SubmitButton busy={busy} label="Crear Cuenta" busyLabel="Creando cuenta…" />
      <p className="text-center text-sm text-ink-700">
        ¿Ya tienes cuenta? <ModeLink to={toLogin}>Inicia sesión</ModeLink>
      </p>
    </FormTag>
  );
}
