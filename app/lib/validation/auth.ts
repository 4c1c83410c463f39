import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { text } from "./text";

/**
 * The account forms' schemas, shared by the server actions and the browser (conform validates
 * with the same schema), so both paths answer with exactly the same Spanish messages.
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
  commonPassword: "Esta contraseña es de las más usadas y fácil de adivinar. Elige otra.",
  forgotSent: "Se ha enviado un enlace de recuperación a tu correo electrónico.",
  linkExpired: "Enlace expirado o no válido",
  /**
   * The one answer, right password or not, while the account is under a spread-out guessing attack
   * and this browser has never logged into it: a correct password gets an e-mailed link.
   */
  loginLinkSent:
    "Por seguridad, si el email y la contraseña son correctos te enviamos un enlace a tu correo para terminar de iniciar sesión.",
} as const;

/** Longest accepted password: argon2 is fine with more, but nobody needs 1 KB and it bounds work. */
const PASSWORD_MAX_LENGTH = 200;
const PASSWORD_TOO_LONG = `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`;

/** The fields the server never sends back to the browser after a failed submission. */
export const PASSWORD_FIELDS = ["password", "confirmPassword"];

const EmailField = text({ required: AUTH_MESSAGES.emailRequired }).pipe(
  z
    .string()
    .max(254, AUTH_MESSAGES.emailInvalid)
    .email(AUTH_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
);

const PasswordField = text({ required: AUTH_MESSAGES.passwordRequired, trim: false }).pipe(
  z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
);

export const LoginSchema = z.object({ email: EmailField, password: PasswordField });

export const RegisterSchema = z
  .object({
    name: text({ required: AUTH_MESSAGES.nameRequired }).pipe(z.string().max(100, "El nombre es demasiado largo")),
    email: EmailField,
    password: PasswordField,
    confirmPassword: text({ required: AUTH_MESSAGES.confirmRequired, trim: false }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDiffer });
    }
  });

/** Forgot-password mode asks only for the e-mail (no password rules). */
export const ForgotPasswordSchema = z.object({ email: EmailField });

/**
 * Reset: both fields required with one message, then the shared minimum length, then they must
 * match. The message lands on the first field that needs attention.
 */
export const ResetPasswordSchema = z
  .object({
    password: text({ trim: false }).optional(),
    confirmPassword: text({ trim: false }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      const path = [value.password ? "confirmPassword" : "password"];
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: AUTH_MESSAGES.resetBothRequired });
    } else if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: AUTH_MESSAGES.passwordTooShort });
    } else if (value.password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: PASSWORD_TOO_LONG });
    } else if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDiffer });
    }
  })
  .transform((value) => ({ password: value.password ?? "" }));
