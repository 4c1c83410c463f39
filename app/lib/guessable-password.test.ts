import { describe, expect, it } from "vitest";
import { isGuessablePassword } from "./guessable-password";

describe("isGuessablePassword", () => {
  it("refuses a character or a short group repeated, and runs", () => {
    for (const password of [
      "zzzzzz",
      "aaaaaaaa",
      "ZZZZZZZZ",
      "ababab",
      "123123",
      "abcabcabc",
      "ñañañaña",
      "aaaaaa1!",
    ]) {
      expect(isGuessablePassword(password), password).toBe(true);
    }
    for (const password of ["abcdef", "987654", "23456789", "zyxwvu", "abcdefg!", "ababab2024", "holaholahola"]) {
      expect(isGuessablePassword(password), password).toBe(true);
    }
  });

  it("refuses the shop's name with years, symbols, accents or digits for letters", () => {
    for (const password of [
      "Joyeria2024",
      "joyería",
      "JOYERIA!",
      "Aurora2025",
      "JoyeriaAurora",
      "Joyería Aurora 2024",
      "joyeria_aurora",
      "J0y3r1a2024",
      "4ur0r4",
      "2024aurora!",
      "joyas123",
    ]) {
      expect(isGuessablePassword(password), password).toBe(true);
    }
  });

  it("lets real passwords through", () => {
    for (const password of [
      "Cliente123!",
      "secreto1",
      "bruma-de-plata",
      "nueva12345",
      "antigua1",
      "otra1234",
      "Ámbar y ópalo",
      "brillo-de-plata-925",
      "Aurora boreal en Oaxaca",
      "mi joyería favorita",
      "abcdeg",
    ]) {
      expect(isGuessablePassword(password), password).toBe(false);
    }
  });
});
