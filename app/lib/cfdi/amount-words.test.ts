import { describe, expect, it } from "vitest";
import { amountInWords, integerInWords } from "./amount-words";

describe("amountInWords", () => {
  it("writes the issue's example", () => {
    expect(amountInWords(162740)).toBe("MIL SEISCIENTOS VEINTISIETE PESOS 40/100 M.N.");
  });

  it.each([
    [0, "CERO PESOS 00/100 M.N."],
    [100, "UN PESO 00/100 M.N."],
    [2105, "VEINTIÚN PESOS 05/100 M.N."],
    [3100, "TREINTA Y UN PESOS 00/100 M.N."],
    [10000, "CIEN PESOS 00/100 M.N."],
    [10100, "CIENTO UN PESOS 00/100 M.N."],
    [1500, "QUINCE PESOS 00/100 M.N."],
    [1682000, "DIECISÉIS MIL OCHOCIENTOS VEINTE PESOS 00/100 M.N."],
    [2100000, "VEINTIÚN MIL PESOS 00/100 M.N."],
    [50099999, "QUINIENTOS MIL NOVECIENTOS NOVENTA Y NUEVE PESOS 99/100 M.N."],
    [100000000, "UN MILLÓN DE PESOS 00/100 M.N."],
    [250000000, "DOS MILLONES QUINIENTOS MIL PESOS 00/100 M.N."],
    [123456789, "UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE PESOS 89/100 M.N."],
  ])("%i centavos → %s", (centavos, words) => {
    expect(amountInWords(centavos)).toBe(words);
  });

  it("refuses what is not an amount", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => integerInWords(1.5)).toThrow(RangeError);
  });
});
