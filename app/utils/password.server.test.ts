import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "~/data/common-passwords.server";
import { isCommonPassword } from "./password.server";

describe("the common-password list", () => {
  it("ships at least 10,000 passwords, lower case, each at least 6 characters", () => {
    const list = COMMON_PASSWORDS.split("\n");
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(list).size).toBe(list.length);
    for (const password of list) {
      expect(password).toBe(password.toLowerCase());
      expect([...password].length).toBeGreaterThanOrEqual(6);
    }
  });

  it("is compared case-insensitively", async () => {
    for (const password of ["password", "Password", "QWERTY123", "iloveyou", "Superman", "contraseña", "TeQuiero"]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses what is built like a guessable password too (the issue's create-admin examples)", async () => {
    for (const password of ["zzzzzz", "aaaaaaaa", "Joyeria2024", "Aurora2025!", "abcdef12"]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets uncommon passwords through", async () => {
    for (const password of ["Cliente123!", "nueva12345", "bruma-de-plata-7", "Ámbar y ópalo"]) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
