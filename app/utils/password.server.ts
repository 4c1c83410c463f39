import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { isGuessablePassword } from "~/lib/guessable-password";

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read at run time). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with OWASP's first recommended profile: 19 MiB of memory, 2 iterations, 1 lane
 * (~48 ms to hash, ~24 ms to verify on the 2-core reference machine).
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Constant-time verification; false for a malformed hash instead of throwing. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let common: Set<string> | undefined;

/**
 * The shop's password policy beyond the length rules of the forms: whether `password` is one of the
 * ~28,000 most common passwords (compared case-insensitively) or built the way guessable ones are (a
 * character repeated, a run, the shop's name with a year: app/lib/guessable-password.ts). Those fall
 * to the first guesses of any attacker, so registration, password reset and the staff commands
 * (create-admin, reset-password) refuse them. The list (app/data/common-passwords.server.ts) is
 * loaded on first use.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (isGuessablePassword(password)) return true;
  if (!common) {
    const { COMMON_PASSWORDS } = await import("~/data/common-passwords.server");
    common = new Set(COMMON_PASSWORDS.split("\n"));
  }
  return common.has(password.toLowerCase());
}
