import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { NewsletterSchema, UNSUBSCRIBE_MESSAGES, UnsubscribeSchema } from "./newsletter";
import { formDataOf, parseForm } from "./test-utils";

describe("NewsletterSchema", () => {
  it("asks for a valid e-mail with the shop's message", () => {
    for (const email of ["", "   ", "sin-arroba", "ana@", "x".repeat(250) + "@example.mx"]) {
      expect(parseForm(NewsletterSchema, { email })).toEqual({
        errors: { email: "Por favor ingresa un email válido" },
      });
    }
  });

  it("lower-cases the e-mail; interests are optional", () => {
    expect(parseForm(NewsletterSchema, { email: " Ana@Example.MX " })).toEqual({
      value: { email: "ana@example.mx", interests: [] },
    });
  });

  it("takes several interests from the list, each once, in the list's order", () => {
    const form = formDataOf({ email: "ana@example.mx", source: "home" });
    for (const interest of ["Ofertas especiales", "Anillos", "Anillos"]) form.append("interests", interest);
    const submission = parseWithZod(form, { schema: NewsletterSchema });
    expect(submission.status === "success" ? submission.value : null).toEqual({
      email: "ana@example.mx",
      interests: ["Anillos", "Ofertas especiales"],
      source: "home",
    });
    expect(parseForm(NewsletterSchema, { email: "ana@example.mx", interests: "Collares" })).toEqual({
      value: { email: "ana@example.mx", interests: ["Collares"] },
    });
  });

  it("refuses an interest that is not on the list, and ignores an unknown source", () => {
    expect(parseForm(NewsletterSchema, { email: "ana@example.mx", interests: "Relojes" })).toEqual({
      errors: { "interests[0]": "Elige tus intereses de la lista" },
    });
    expect(parseForm(NewsletterSchema, { email: "ana@example.mx", source: "<script>" })).toEqual({
      value: { email: "ana@example.mx", interests: [] },
    });
  });
});

describe("UnsubscribeSchema", () => {
  it("accepts a UUID token, or an e-mail to check or confirm", () => {
    const token = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
    expect(parseForm(UnsubscribeSchema, { intent: "token", token })).toEqual({ value: { intent: "token", token } });
    expect(parseForm(UnsubscribeSchema, { intent: "check", email: "Ana@Example.mx" })).toEqual({
      value: { intent: "check", email: "ana@example.mx" },
    });
  });

  it("refuses a malformed token with the invalid-token message", () => {
    for (const token of ["", "abc", "' OR 1=1 --", "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e0"]) {
      expect(parseForm(UnsubscribeSchema, { intent: "token", token })).toEqual({
        errors: { token: UNSUBSCRIBE_MESSAGES.invalidToken },
      });
    }
  });

  it("words the result messages exactly", () => {
    expect(UNSUBSCRIBE_MESSAGES.done("ana@example.mx")).toBe(
      "El email ana@example.mx ha sido dado de baja correctamente.",
    );
    expect(UNSUBSCRIBE_MESSAGES.linkSent("ana@example.mx")).toBe(
      "Si ana@example.mx está suscrito a nuestro boletín, te enviamos un correo con el enlace para darte de baja. Ábrelo para terminar.",
    );
  });
});
