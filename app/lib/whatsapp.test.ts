import { describe, expect, it } from "vitest";
import { productMessage, WhatsAppNumberSchema, whatsappHref } from "./whatsapp";

describe("WhatsApp links (issue 37)", () => {
  it("takes E.164 digits, with or without +, and refuses anything else", () => {
    expect(WhatsAppNumberSchema.parse("5215512345678")).toBe("5215512345678");
    expect(WhatsAppNumberSchema.parse(" +5215512345678 ")).toBe("5215512345678");
    for (const bad of ["55 1234 5678", "+52-55-1234-5678", "0521551234567", "12345", "52155123456789012", "wa.me/52"]) {
      expect(WhatsAppNumberSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("opens wa.me with the piece's name and link already typed", () => {
    expect(whatsappHref("5215512345678")).toBe("https://wa.me/5215512345678");
    const text = productMessage("Anillo Solitario & Co.", "https://tienda.example/producto/1");
    expect(whatsappHref("5215512345678", text)).toBe(
      "https://wa.me/5215512345678?text=Hola%2C%20me%20interesa%20esta%20pieza%3A%20Anillo%20Solitario%20%26%20Co.%20https%3A%2F%2Ftienda.example%2Fproducto%2F1",
    );
  });
});
