import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Field, firstInvalidField, FormError, SubmitButton, useAnswerKey } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { RegisterSchema } from "~/lib/validation/auth";
import { type AuthFormProps, ModeLink, type ModeSwitch } from "./shared";

export function RegisterForm({
  as: FormTag,
  lastResult,
  busy,
  idPrefix,
  redirectTo,
  toLogin,
}: AuthFormProps & { redirectTo: string; toLogin: ModeSwitch }) {
  const [form, fields] = useForm({
    id: `${idPrefix}register`,
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const answerKey = useAnswerKey(lastResult);
  const focus = firstInvalidField(form.allErrors);
  return (
    <FormTag
      method="post"
      action="/register"
      {...getFormProps(form)}
      className="space-y-5"
      data-testid={`${idPrefix}register-form`}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Honeypot />
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.name} label="Nombre" autoComplete="name" autoFocus={focus === "name"} />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" autoFocus={focus === "email"} />
      <Field
        key={`password-${answerKey}`}
        meta={fields.password}
        label="Contraseña"
        type="password"
        autoComplete="new-password"
        autoFocus={focus === "password"}
        hint="Al menos 6 caracteres."
      />
      <Field
        key={`confirm-${answerKey}`}
        meta={fields.confirmPassword}
        label="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
        autoFocus={focus === "confirmPassword"}
      />
      <SubmitButton busy={busy} label="Crear Cuenta" busyLabel="Creando cuenta…" />
      <p className="text-center text-sm text-ink-700">
        ¿Ya tienes cuenta? <ModeLink to={toLogin}>Inicia sesión</ModeLink>
      </p>
    </FormTag>
  );
}
