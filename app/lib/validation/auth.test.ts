import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  validateForm,
} from "./auth";

function errorsOf(schema: Parameters<typeof validateForm>[0], values: Record<string, string>) {
  const result = validateForm(schema, values);
  return result.success ? {} : result.errors;
}

describe("LoginSchema", () => {
  it("requires the e-mail and the password with the spec's messages", () => {
    expect(errorsOf(LoginSchema, { email: "", password: "" })).toEqual({
      email: "El email es requerido",
      password: "La contraseña es requerida",
    });
  });

  it("rejects a malformed e-mail and a short password", () => {
    expect(errorsOf(LoginSchema, { email: "ana@", password: "12345" })).toEqual({
      email: "El email no es válido",
      password: "La contraseña debe tener al menos 6 caracteres",
    });
  });

  it("trims and lower-cases the e-mail, keeps the password as typed", () => {
    const result = validateForm(LoginSchema, { email: "  Ana@Example.MX ", password: " secreto " });
    expect(result).toEqual({ success: true, data: { email: "ana@example.mx", password: " secreto " } });
  });

  it("reads FormData and treats missing fields as empty", () => {
    const form = new FormData();
    form.set("email", "ana@example.mx");
    expect(validateForm(LoginSchema, form)).toEqual({
      success: false,
      errors: { password: AUTH_MESSAGES.passwordRequired },
    });
  });
});

describe("RegisterSchema", () => {
  const valid = { name: "Ana", email: "ana@example.mx", password: "secreto1", confirmPassword: "secreto1" };

  it("accepts a complete registration", () => {
    expect(validateForm(RegisterSchema, valid).success).toBe(true);
  });

  it("requires the name and the confirmation", () => {
    expect(errorsOf(RegisterSchema, { ...valid, name: "  ", confirmPassword: "" })).toEqual({
      name: "El nombre es requerido",
      confirmPassword: "Confirma tu contraseña",
    });
  });

  it("requires matching passwords", () => {
    expect(errorsOf(RegisterSchema, { ...valid, confirmPassword: "secreto2" })).toEqual({
      confirmPassword: "Las contraseñas no coinciden",
    });
  });
});

describe("ForgotPasswordSchema", () => {
  it("asks only for a valid e-mail (no password rules in forgot mode)", () => {
    expect(errorsOf(ForgotPasswordSchema, { email: "" })).toEqual({ email: "El email es requerido" });
    expect(errorsOf(ForgotPasswordSchema, { email: "no-es-email" })).toEqual({ email: "El email no es válido" });
    expect(validateForm(ForgotPasswordSchema, { email: "ana@example.mx" }).success).toBe(true);
  });
});

describe("ResetPasswordSchema", () => {
  it("requires both fields with one message", () => {
    expect(errorsOf(ResetPasswordSchema, { password: "", confirmPassword: "" })).toEqual({
      password: "Por favor ingresa y confirma tu nueva contraseña.",
    });
    expect(errorsOf(ResetPasswordSchema, { password: "secreto1", confirmPassword: "" })).toEqual({
      confirmPassword: "Por favor ingresa y confirma tu nueva contraseña.",
    });
  });

  it("applies the minimum length, then the match", () => {
    expect(errorsOf(ResetPasswordSchema, { password: "123", confirmPassword: "123" })).toEqual({
      password: "La contraseña debe tener al menos 6 caracteres",
    });
    expect(errorsOf(ResetPasswordSchema, { password: "secreto1", confirmPassword: "secreto2" })).toEqual({
      confirmPassword: "Las contraseñas no coinciden",
    });
    expect(validateForm(ResetPasswordSchema, { password: "secreto1", confirmPassword: "secreto1" }).success).toBe(true);
  });
});
