import { Form, Link, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import {
  AUTH_MESSAGES,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  validateForm,
  type FieldErrors,
} from "~/lib/validation/auth";

/**
 * The account forms, shared by the real pages (/login, /register, /forgot-password,
 * /reset-password: a plain <Form>) and the auth modal (a fetcher's Form posting to the same
 * actions). The server validates; in the browser the same zod schemas give instant hints.
 */

/** What the auth actions return to their forms. */
export type AuthActionData =
  | { status: "error"; errors: FieldErrors; formError?: string; values: Record<string, string> }
  | { status: "sent"; message: string }
  | { status: "expired" }
  | { status: "done" };

export type AuthMode = "login" | "register" | "forgot";

type FormComponent = typeof Form | FetcherWithComponents<unknown>["Form"];

type FormShellProps = {
  as: FormComponent;
  action: string;
  schema: z.ZodTypeAny;
  data: AuthActionData | undefined;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  children: (errors: FieldErrors, values: Record<string, string>) => ReactNode;
  footer?: ReactNode;
  hidden?: Record<string, string>;
  testId: string;
};

/**
 * A validated form: checks with the shared schema before sending (JavaScript only), shows field
 * errors next to the fields, keeps typed values (never passwords) and focuses the first invalid field.
 */
function AuthFormShell({
  as: FormTag,
  action,
  schema,
  data,
  busy,
  submitLabel,
  busyLabel,
  children,
  footer,
  hidden,
  testId,
}: FormShellProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const serverErrors = data?.status === "error" ? data.errors : {};
  const errors = clientErrors ?? serverErrors;
  const values = data?.status === "error" ? data.values : {};
  const formError = clientErrors ? undefined : data?.status === "error" ? data.formError : undefined;

  // A new answer from the server replaces the browser's hints; passwords are cleared, and the
  // first invalid field (or the form's message) gets the focus.
  useEffect(() => {
    if (data?.status !== "error") return;
    setClientErrors(null);
    const form = formRef.current;
    if (!form) return;
    for (const input of form.querySelectorAll<HTMLInputElement>("input[type=password]")) input.value = "";
    focusFirstInvalid(form);
  }, [data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = validateForm(schema, new FormData(event.currentTarget));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const form = event.currentTarget;
    requestAnimationFrame(() => focusFirstInvalid(form));
  }

  return (
    <FormTag
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      ref={formRef}
      className="space-y-5"
      data-testid={testId}
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {formError ? (
        <p
          id={`${testId}-error`}
          role="alert"
          className="rounded-sm border border-red-800/20 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {formError}
        </p>
      ) : null}
      {children(errors, values)}
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={busy}
        aria-describedby={formError ? `${testId}-error` : undefined}
      >
        {busy ? busyLabel : submitLabel}
      </button>
      {footer}
    </FormTag>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  const target =
    form.querySelector<HTMLElement>("[aria-invalid=true]") ?? form.querySelector<HTMLElement>("[role=alert]");
  if (target) {
    if (target.getAttribute("role") === "alert") target.setAttribute("tabindex", "-1");
    target.focus();
  }
}

type FieldProps = {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  error?: string;
  defaultValue?: string;
  autoFocus?: boolean;
  hint?: string;
};

/** A labelled input with its error: aria-invalid and aria-describedby tie them together. */
export function Field({
  id,
  name,
  label,
  type = "text",
  autoComplete,
  error,
  defaultValue,
  autoFocus,
  hint,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={type === "password" ? undefined : defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        className="field-input"
        {...(type === "email" ? { inputMode: "email" as const, autoCapitalize: "none", spellCheck: false } : {})}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-ink-700/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** True for the first field (in `order`) that has an error: it gets `autoFocus` (works without JS). */
function firstInvalid(errors: FieldErrors, order: string[]) {
  const first = order.find((name) => errors[name]);
  return (name: string) => name === first;
}

type ModeSwitch = { href: string; onClick?: () => void };

function ModeLink({ to, children }: { to: ModeSwitch; children: ReactNode }) {
  if (to.onClick) {
    return (
      <button
        type="button"
        onClick={to.onClick}
        className="font-medium text-gold-700 underline-offset-4 hover:underline"
      >
        {children}
      </button>
    );
  }
  return (
    <Link to={to.href} className="font-medium text-gold-700 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

type CommonProps = {
  as: FormComponent;
  data: AuthActionData | undefined;
  busy: boolean;
  redirectTo: string;
  idPrefix: string;
};

export function LoginForm({
  as,
  data,
  busy,
  redirectTo,
  idPrefix,
  toRegister,
  toForgot,
}: CommonProps & { toRegister: ModeSwitch; toForgot: ModeSwitch }) {
  return (
    <AuthFormShell
      as={as}
      action="/login"
      schema={LoginSchema}
      data={data}
      busy={busy}
      submitLabel="Iniciar Sesión"
      busyLabel="Iniciando sesión…"
      hidden={{ redirectTo }}
      testId={`${idPrefix}login-form`}
      footer={
        <p className="text-center text-sm text-ink-700">
          ¿No tienes cuenta? <ModeLink to={toRegister}>Regístrate</ModeLink>
        </p>
      }
    >
      {(errors, values) => {
        const focus = firstInvalid(errors, ["email", "password"]);
        return (
          <>
            <Field
              id={`${idPrefix}login-email`}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email}
              defaultValue={values.email}
              autoFocus={focus("email")}
            />
            <div>
              <Field
                id={`${idPrefix}login-password`}
                name="password"
                label="Contraseña"
                type="password"
                autoComplete="current-password"
                error={errors.password}
                autoFocus={focus("password")}
              />
              <p className="mt-2 text-right text-sm">
                <ModeLink to={toForgot}>¿Olvidaste tu contraseña?</ModeLink>
              </p>
            </div>
          </>
        );
      }}
    </AuthFormShell>
  );
}

export function RegisterForm({ as, data, busy, redirectTo, idPrefix, toLogin }: CommonProps & { toLogin: ModeSwitch }) {
  return (
    <AuthFormShell
      as={as}
      action="/register"
      schema={RegisterSchema}
      data={data}
      busy={busy}
      submitLabel="Crear Cuenta"
      busyLabel="Creando cuenta…"
      hidden={{ redirectTo }}
      testId={`${idPrefix}register-form`}
      footer={
        <p className="text-center text-sm text-ink-700">
          ¿Ya tienes cuenta? <ModeLink to={toLogin}>Inicia sesión</ModeLink>
        </p>
      }
    >
      {(errors, values) => {
        const focus = firstInvalid(errors, ["name", "email", "password", "confirmPassword"]);
        return (
          <>
            {/* Honeypot: people never see or fill it; form-filling bots do. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={`${idPrefix}register-website`}>No llenes este campo</label>
              <input id={`${idPrefix}register-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <Field
              id={`${idPrefix}register-name`}
              name="name"
              label="Nombre"
              autoComplete="name"
              error={errors.name}
              defaultValue={values.name}
              autoFocus={focus("name")}
            />
            <Field
              id={`${idPrefix}register-email`}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email}
              defaultValue={values.email}
              autoFocus={focus("email")}
            />
            <Field
              id={`${idPrefix}register-password`}
              name="password"
              label="Contraseña"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              autoFocus={focus("password")}
              hint="Al menos 6 caracteres."
            />
            <Field
              id={`${idPrefix}register-confirm`}
              name="confirmPassword"
              label="Confirmar contraseña"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
              autoFocus={focus("confirmPassword")}
            />
          </>
        );
      }}
    </AuthFormShell>
  );
}

export function ForgotPasswordForm({
  as,
  data,
  busy,
  idPrefix,
  toLogin,
}: Omit<CommonProps, "redirectTo"> & { toLogin: ModeSwitch }) {
  if (data?.status === "sent") {
    return (
      <div className="space-y-6">
        <p role="status" className="rounded-sm border border-gold-500/40 bg-ivory-100 px-4 py-4 text-ink-800">
          {data.message}
        </p>
        <p className="text-center text-sm text-ink-700">
          <ModeLink to={toLogin}>Volver a iniciar sesión</ModeLink>
        </p>
      </div>
    );
  }
  return (
    <AuthFormShell
      as={as}
      action="/forgot-password"
      schema={ForgotPasswordSchema}
      data={data}
      busy={busy}
      submitLabel="Enviar enlace"
      busyLabel="Enviando…"
      testId={`${idPrefix}forgot-form`}
      footer={
        <p className="text-center text-sm text-ink-700">
          <ModeLink to={toLogin}>Volver a iniciar sesión</ModeLink>
        </p>
      }
    >
      {(errors, values) => (
        <Field
          id={`${idPrefix}forgot-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email}
          defaultValue={values.email}
          autoFocus={Boolean(errors.email)}
        />
      )}
    </AuthFormShell>
  );
}

export function ResetPasswordForm({
  data,
  busy,
  token,
}: {
  data: AuthActionData | undefined;
  busy: boolean;
  token: string;
}) {
  return (
    <AuthFormShell
      as={Form}
      action={`/reset-password?token=${encodeURIComponent(token)}`}
      schema={ResetPasswordSchema}
      data={data}
      busy={busy}
      submitLabel="Guardar contraseña"
      busyLabel="Guardando…"
      hidden={{ token }}
      testId="reset-form"
    >
      {(errors) => {
        const focus = firstInvalid(errors, ["password", "confirmPassword"]);
        return (
          <>
            <Field
              id="reset-password"
              name="password"
              label="Nueva contraseña"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              autoFocus={focus("password")}
              hint="Al menos 6 caracteres."
            />
            <Field
              id="reset-confirm"
              name="confirmPassword"
              label="Confirmar nueva contraseña"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
              autoFocus={focus("confirmPassword")}
            />
          </>
        );
      }}
    </AuthFormShell>
  );
}

/** The frame of the account pages: the brand on one side, the form on the other (desktop). */
export function AuthPage({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto grid max-w-5xl gap-0 px-4 py-10 sm:py-16 lg:grid-cols-[1fr_1.1fr] lg:px-8">
      <div className="relative hidden overflow-hidden rounded-l-sm bg-ink-900 p-12 text-ivory-50 lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full border border-gold-500/30"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-16 h-80 w-80 rounded-full border border-gold-500/20"
        />
        <p className="eyebrow text-gold-300">Joyería Aurora</p>
        <div>
          <p className="font-serif text-4xl leading-tight">Piezas hechas para brillar contigo, todos los días.</p>
          <div className="mt-6 h-px w-16 bg-gold-500" />
          <p className="mt-6 text-sm leading-relaxed text-ivory-200/80">
            Guarda tu carrito, sigue tus pedidos y recibe tus joyas en cualquier parte de México.
          </p>
        </div>
      </div>
      <div className="rounded-sm border border-ink-900/10 bg-white px-6 py-10 shadow-[0_20px_60px_-30px_rgba(28,25,22,0.35)] sm:px-10 lg:rounded-l-none lg:px-12">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-serif text-4xl text-ink-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-ink-700">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export { AUTH_MESSAGES };
