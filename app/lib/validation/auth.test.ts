import { describe, expect, it } from "vitest";
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from "./auth";
import { parseForm } from "./test-utils";

describe("LoginSchema", () => {
  it("requires the e-mail and the password with the spec's messages", () => {
    expect(parseForm(LoginSchema, { email: "", password: "" })).toEqual({
      errors: { email: "El email es requerido", password: "La contraseña es requerida" },
    });
    expect(parseForm(LoginSchema, { email: "   " })).toEqual({
      errors: { email: "El email es requerido", password: "La contraseña es requerida" },
    });
  });

  it("rejects a malformed e-mail and a short password", () => {
    expect(parseForm(LoginSchema, { email: "ana@", password: "12345" })).toEqual({
      errors: { email: "El email no es válido", password: "La contraseña debe tener al menos 6 caracteres" },
    });
  });

  it("refuses a password longer than 200 characters", () => {
    expect(parseForm(LoginSchema, { email: "ana@example.mx", password: "x".repeat(201) })).toEqual({
      errors: { password: "La contraseña no puede tener más de 200 caracteres" },
    });
  });

  it("trims and lower-cases the e-mail, keeps the password as typed", () => {
    expect(parseForm(LoginSchema, { email: "  Ana@Example.MX ", password: " secreto " })).toEqual({
      value: { email: "ana@example.mx", password: " secreto " },
    });
  });

  it("refuses control characters in the e-mail and the password", () => {
    expect(parseForm(LoginSchema, { email: "ana\u0000@example.mx", password: "secreto\u0000" })).toEqual({
      errors: { email: "Contiene caracteres no válidos", password: "Contiene caracteres no válidos" },
    });
  });
});

describe("RegisterSchema", () => {
  const valid = { name: "Ana", email: "ana@example.mx", password: "secreto1", confirmPassword: "secreto1" };

  it("accepts a complete registration", () => {
    expect(parseForm(RegisterSchema, valid)).toEqual({ value: valid });
  });

  it("requires every field with its own message", () => {
    expect(parseForm(RegisterSchema, { name: "", email: "", password: "", confirmPassword: "" })).toEqual({
      errors: {
        name: "El nombre es requerido",
        email: "El email es requerido",
        password: "La contraseña es requerida",
        confirmPassword: "Confirma tu contraseña",
      },
    });
  });

  it("requires matching passwords", () => {
    expect(parseForm(RegisterSchema, { ...valid, confirmPassword: "secreto2" })).toEqual({
      errors: { confirmPassword: "Las contraseñas no coinciden" },
    });
  });

  it("refuses a name with NUL or another control character, and a name too long", () => {
    expect(parseForm(RegisterSchema, { ...valid, name: "Ana\u0000" })).toEqual({
      errors: { name: "Contiene caracteres no válidos" },
    });
    expect(parseForm(RegisterSchema, { ...valid, name: "Ana\u009b" })).toEqual({
      errors: { name: "Contiene caracteres no válidos" },
    });
    expect(parseForm(RegisterSchema, { ...valid, name: "a".repeat(101) })).toEqual({
      errors: { name: "El nombre es demasiado largo" },
    });
  });
});

describe("ForgotPasswordSchema", () => {
  it("asks only for a valid e-mail (no password rules in forgot mode)", () => {
    expect(parseForm(ForgotPasswordSchema, { email: "" })).toEqual({ errors: { email: "El email es requerido" } });
    expect(parseForm(ForgotPasswordSchema, { email: "no-es-email" })).toEqual({
      errors: { email: "El email no es válido" },
    });
    expect(parseForm(ForgotPasswordSchema, { email: "ana@example.mx", password: "x" })).toEqual({
      value: { email: "ana@example.mx" },
    });
  });
});

describe("ResetPasswordSchema", () => {
  it("requires both fields with one message, on the first empty one", () => {
    expect(parseForm(ResetPasswordSchema, { password: "", confirmPassword: "" })).toEqual({
      errors: { password: "Por favor ingresa y confirma tu nueva contraseña." },
    });
    expect(parseForm(ResetPasswordSchema, { password: "secreto1", confirmPassword: "" })).toEqual({
      errors: { confirmPassword: "Por favor ingresa y confirma tu nueva contraseña." },
    });
  });

  it("applies the minimum length, then the match", () => {
    expect(parseForm(ResetPasswordSchema, { password: "123", confirmPassword: "123" })).toEqual({
      errors: { password: "La contraseña debe tener al menos 6 caracteres" },
    });
    expect(parseForm(ResetPasswordSchema, { password: "secreto1", confirmPassword: "secreto2" })).toEqual({
      errors: { confirmPassword: "Las contraseñas no coinciden" },
    });
    expect(parseForm(ResetPasswordSchema, { password: "secreto1", confirmPassword: "secreto1" })).toEqual({
      value: { password: "secreto1" },
    });
  });

  it("refuses control characters", () => {
    expect(parseForm(ResetPasswordSchema, { password: "secreto\u0000", confirmPassword: "secreto\u0000" })).toEqual({
      errors: { password: "Contiene caracteres no válidos", confirmPassword: "Contiene caracteres no válidos" },
    });
  });
});
