import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Field, FormError, SubmitButton } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { ForgotPasswordSchema } from "~/lib/validation/auth";
import { type AuthFormProps, ModeLink, type ModeSwitch } from "./shared";

/** Asks for the e-mail; once sent, the same confirmation whether or not the account exists. */
export function ForgotPasswordForm({
  as: FormTag,
  lastResult,
  busy,
  idPrefix,
  sentMessage,
  toLogin,
}: AuthFormProps & { sentMessage: string | null; toLogin: ModeSwitch }) {
  const [form, fields] = useForm({
    id: `${idPrefix}forgot`,
    lastResult,
    constraint: getZodConstraint(ForgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const backToLogin = (
    <p className="text-center text-sm text-ink-700">
      <ModeLink to={toLogin}>Volver a iniciar sesión</ModeLink>
    </p>
  );
  if (sentMessage) {
    return (
      <div className="space-y-6">
        <p role="status" className="rounded-sm border border-gold-500/40 bg-ivory-100 px-4 py-4 text-ink-800">
          {sentMessage}
        </p>
        {backToLogin}
      </div>
    );
  }
  return (
    <FormTag
      method="post"
      action="/forgot-password"
      {...getFormProps(form)}
      className="space-y-5"
      data-testid={`${idPrefix}forgot-form`}
    >
      <Honeypot />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus={Boolean(fields.email.errors)}
      />
      <SubmitButton busy={busy} label="Enviar enlace" busyLabel="Enviando…" />
      {backToLogin}
    </FormTag>
  );
}
