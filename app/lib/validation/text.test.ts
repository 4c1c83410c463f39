import { describe, expect, it } from "vitest";
import { z } from "zod";
import { INVALID_CHARACTERS_MESSAGE, text } from "./text";
import { parseForm } from "./test-utils";

const Schema = z.object({
  name: text({ required: "El nombre es requerido" }),
  comment: text({ multiline: true }).optional(),
  secret: text({ trim: false }).optional(),
});

describe("text()", () => {
  it("trims, and keeps a value as typed when asked to", () => {
    expect(parseForm(Schema, { name: "  Ana  ", secret: " clave " })).toEqual({
      value: { name: "Ana", secret: " clave " },
    });
  });

  it("gives the required message for a missing or blank value", () => {
    expect(parseForm(Schema, {})).toEqual({ errors: { name: "El nombre es requerido" } });
    expect(parseForm(Schema, { name: "   " })).toEqual({ errors: { name: "El nombre es requerido" } });
  });

  it.each([
    ["NUL", "Ana\u0000"],
    ["escape", "A\u001bna"],
    ["delete", "Ana\u007f"],
    ["a C1 control", "A\u0085na"],
    ["a tab inside a one-line field", "A\tna"],
    ["a line break inside a one-line field", "A\nna"],
  ])("refuses %s with a Spanish message", (_, value) => {
    expect(parseForm(Schema, { name: value })).toEqual({ errors: { name: INVALID_CHARACTERS_MESSAGE } });
    expect(INVALID_CHARACTERS_MESSAGE).toBe("Contiene caracteres no válidos");
  });

  it("allows tabs and line breaks only in a multi-line field, never NUL", () => {
    expect(parseForm(Schema, { name: "Ana", comment: "Hola\r\n\tmundo" })).toEqual({
      value: { name: "Ana", comment: "Hola\r\n\tmundo" },
    });
    expect(parseForm(Schema, { name: "Ana", comment: "Hola\u0000" })).toEqual({
      errors: { comment: INVALID_CHARACTERS_MESSAGE },
    });
  });

  it("refuses control characters in an untrimmed field too", () => {
    expect(parseForm(Schema, { name: "Ana", secret: "clave\u0000" })).toEqual({
      errors: { secret: INVALID_CHARACTERS_MESSAGE },
    });
  });
});
