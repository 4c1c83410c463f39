import { describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "~/lib/reviews";
import { ReviewSchema } from "./review";
import { parseForm } from "./test-utils";

describe("ReviewSchema", () => {
  it("defaults the rating to 5 and trims the comment", () => {
    expect(parseForm(ReviewSchema, { comment: "  Precioso, llegó rápido  " })).toEqual({
      value: { rating: 5, comment: "Precioso, llegó rápido" },
    });
    expect(parseForm(ReviewSchema, { rating: "3", comment: "Bonito pero pequeño" })).toEqual({
      value: { rating: 3, comment: "Bonito pero pequeño" },
    });
  });

  it("requires a comment of at least 10 characters, not counting surrounding spaces", () => {
    expect(parseForm(ReviewSchema, { rating: "5", comment: "" })).toEqual({
      errors: { comment: REVIEW_MESSAGES.commentRequired },
    });
    expect(parseForm(ReviewSchema, { rating: "5", comment: "   corto   " })).toEqual({
      errors: { comment: "El comentario debe tener al menos 10 caracteres" },
    });
    expect(parseForm(ReviewSchema, { comment: "x".repeat(2001) })).toEqual({
      errors: { comment: REVIEW_MESSAGES.commentTooLong },
    });
  });

  it.each(["0", "6", "4.5", "-1", "cinco", " 5"])("refuses the rating %j", (rating) => {
    expect(parseForm(ReviewSchema, { rating, comment: "Muy buena calidad" })).toEqual({
      errors: { rating: "Elige una calificación de 1 a 5 estrellas" },
    });
  });

  it("keeps line breaks in the comment but refuses control characters", () => {
    expect(parseForm(ReviewSchema, { comment: "Muy lindo.\r\nLo recomiendo" })).toEqual({
      value: { rating: 5, comment: "Muy lindo.\r\nLo recomiendo" },
    });
    expect(parseForm(ReviewSchema, { comment: "Muy lindo\u0000 de verdad" })).toEqual({
      errors: { comment: "Contiene caracteres no válidos" },
    });
  });
});
