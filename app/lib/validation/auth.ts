import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";

/**
 * Auth form schemas (spec §5 "Auth" and "Reset password"), shared by the server actions and the
 * browser's hints so both speak with exactly the same messages.
 */

export const AUTH_MESSAGES = {
  emailRequired: "El email es requerido",
  emailInvalid: "El email no es válido",
  passwordRequired: "La contraseña es requerida",
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  nameRequired: "El nombre es requerido",
  confirmRequired: "Confirma tu contraseña",
  passwordsDiffer: "Las contraseñas no coinciden",
  resetBothRequired: "Por favor ingresa y confirma tu nueva contraseña.",
  invalidCredentials: "Email o contraseña incorrectos",
  emailTaken: "Ya existe una cuenta con este email",
  forgotSent: "Se ha enviado un enlace de recuperación a tu correo electrónico.",
  linkExpired: "Enlace expirado o no válido",
} as const;

/** Longest accepted password: argon2 is fine with more, but nobody needs 1 KB and it bounds work. */
const PASSWORD_MAX_LENGTH = 200;

const text = (value: unknown) => (typeof value === "string" ? value : "");

const EmailField = z.preprocess(
  (v) => text(v).trim().toLowerCase(),
  z.string().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.emailInvalid).email(AUTH_MESSAGES.emailInvalid),
);

const PasswordField = z.preprocess(
  text,
  z
    .string()
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`),
);

export const LoginSchema = z.object({ email: EmailField, password: PasswordField });

export const RegisterSchema = z
  .object({
    name: z.preprocess(
      (v) => text(v).trim(),
      z.string().min(1, AUTH_MESSAGES.nameRequired).max(100, "El nombre es demasiado largo"),
    ),
    email: EmailField,
    password: PasswordField,
    confirmPassword: z.preprocess(text, z.string().min(1, AUTH_MESSAGES.confirmRequired)),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDiffer });
    }
  });

/** Forgot-password mode asks only for the e-mail (no password rules, spec §5). */
export const ForgotPasswordSchema = z.object({ email: EmailField });

/**
 * Reset: both fields required with one message (spec), then the shared minimum length,
 * then they must match. The errors land on the first field that needs attention.
 */
export const ResetPasswordSchema = z
  .object({ password: z.preprocess(text, z.string()), confirmPassword: z.preprocess(text, z.string()) })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [value.password ? "confirmPassword" : "password"],
        message: AUTH_MESSAGES.resetBothRequired,
      });
      return;
    }
    if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: AUTH_MESSAGES.passwordTooShort });
      return;
    }
    if (value.password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["password"],
        message: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
      });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDiffer });
    }
  });

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, in the schema's field order. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses plain form values (a FormData or a record) with a schema into data or field errors. */
export function validateForm<T extends z.ZodTypeAny>(
  schema: T,
  input: FormData | Record<string, unknown>,
): { success: true; data: z.infer<T> } | { success: false; errors: FieldErrors } {
  const values = input instanceof FormData ? Object.fromEntries(input) : input;
  const result = schema.safeParse(values);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: fieldErrorsOf(result.error) };
}
