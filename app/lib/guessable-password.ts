/**
 * Passwords built the way guessable ones are, which no list of common passwords can hold in full:
 * a character or a short group repeated (`zzzzzz`, `aaaaaaaa`, `ababab`, `123123`), a run
 * (`abcdef`, `987654`), or the shop's own name with a year or a symbol around it (`Joyeria2024`,
 * `Aurora!`, `J0y3r1a`, `joyeria aurora`) — the first guesses of anyone who attacks this shop.
 * Compared without case or accents. Registration, password reset and the staff commands refuse them
 * with the common-password message (app/utils/password.server.ts, `isCommonPassword`).
 */

/** The shop's name and its obvious parts (Joyería Aurora), as the normalised text reads them. */
const SHOP_NAME = /^(?:joyeria|joyas?|aurora)+$/;

/** Digits and symbols people use for letters. */
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };

function normalise(password: string): string {
  return password.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Without the digits, symbols and spaces around it: `joyeria` of `joyeria2024!`. */
function core(text: string): string {
  return text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
}

function unleet(text: string): string {
  return [...text].map((char) => LEET[char] ?? char).join("");
}

/** Each character the next one of the alphabet or the digits, up or down: `abcdef`, `654321`. */
function isRun(text: string): boolean {
  const codes = [...text].map((char) => char.codePointAt(0)!);
  if (codes.length < 3) return false;
  const step = codes[1]! - codes[0]!;
  return (step === 1 || step === -1) && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/** Few different characters, a group repeated, or a run. */
function isPattern(text: string): boolean {
  return new Set(text).size < 3 || /^(.+)\1+$/su.test(text) || isRun(text);
}

export function isGuessablePassword(password: string): boolean {
  const plain = normalise(password);
  if (isPattern(plain)) return true;
  // The same with a year or a symbol added: `aaaaaa1!`, `ababab2024`, `abcdef!`.
  const middle = core(plain);
  if (
    middle !== plain &&
    middle.length > 0 &&
    (new Set(middle).size < 2 || /^(.{1,3})\1+$/su.test(middle) || isRun(middle))
  )
    return true;
  const words = (text: string) => text.replace(/[\s._\-*+#!,;:]+/g, "");
  return [words(unleet(middle)), words(core(unleet(plain)))].some((text) => SHOP_NAME.test(text));
}
