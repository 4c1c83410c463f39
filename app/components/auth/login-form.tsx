import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Field, firstInvalidField, FormError, SubmitButton, useAnswerKey } from "~/components/forms";
import { LoginSchema } from "~/lib/validation/auth";
import { type AuthFormProps, ModeLink, type ModeSwitch } from "./shared";

export function LoginForm({
  as: FormTag,
  lastResult,
  busy,
  idPrefix,
  redirectTo,
  toRegister,
  toForgot,
}: AuthFormProps & { redirectTo: string; toRegister: ModeSwitch; toForgot: ModeSwitch }) {
  const [form, fields] = useForm({
    id: `${idPrefix}login`,
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const answerKey = useAnswerKey(lastResult);
  const focus = firstInvalidField(form.allErrors);
  return (
    <FormTag
      method="post"
      action="/login"
      {...getFormProps(form)}
      className="space-y-5"
      data-testid={`${idPrefix}login-form`}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
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
