/**
 * An amount in words as a Mexican invoice writes it: "MIL SEISCIENTOS VEINTISIETE PESOS 40/100 M.N.".
 * Whole pesos in words (apocopated "UN" before PESOS, MIL and MILLONES: "VEINTIÚN PESOS", "UN MILLÓN DE
 * PESOS"), the centavos as a fraction of 100, and M.N. (moneda nacional).
 */

const UNITS = [
  "",
  "UNO",
  "DOS",
  "TRES",
  "CUATRO",
  "CINCO",
  "SEIS",
  "SIETE",
  "OCHO",
  "NUEVE",
  "DIEZ",
  "ONCE",
  "DOCE",
  "TRECE",
  "CATORCE",
  "QUINCE",
  "DIECISÉIS",
  "DIECISIETE",
  "DIECIOCHO",
  "DIECINUEVE",
  "VEINTE",
  "VEINTIUNO",
  "VEINTIDÓS",
  "VEINTITRÉS",
  "VEINTICUATRO",
  "VEINTICINCO",
  "VEINTISÉIS",
  "VEINTISIETE",
  "VEINTIOCHO",
  "VEINTINUEVE",
];
const TENS = ["", "", "", "TREINTA", "CUARENTA", "CINCUENTA", "SESENTA", "SETENTA", "OCHENTA", "NOVENTA"];
const HUNDREDS = [
  "",
  "CIENTO",
  "DOSCIENTOS",
  "TRESCIENTOS",
  "CUATROCIENTOS",
  "QUINIENTOS",
  "SEISCIENTOS",
  "SETECIENTOS",
  "OCHOCIENTOS",
  "NOVECIENTOS",
];

/** 1–999 in words; `apocope` writes UN / VEINTIÚN / … Y UN (before a noun: pesos, mil, millones). */
function belowThousand(n: number, apocope: boolean): string {
  if (n === 100) return "CIEN";
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(HUNDREDS[hundreds] ?? "");
  if (rest > 0 && rest < 30) {
    let word = UNITS[rest] ?? "";
    if (apocope && rest === 1) word = "UN";
    if (apocope && rest === 21) word = "VEINTIÚN";
    words.push(word);
  } else if (rest >= 30) {
    const unit = rest % 10;
    words.push(TENS[Math.floor(rest / 10)] ?? "");
    if (unit > 0) words.push("Y", apocope && unit === 1 ? "UN" : (UNITS[unit] ?? ""));
  }
  return words.join(" ");
}

/** A whole number in words, apocopated before a noun ("VEINTIÚN", "UN MILLÓN"). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole amount: ${n}`);
  if (n === 0) return "CERO";
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (millions > 0) {
    words.push(millions === 1 ? "UN MILLÓN" : `${integerInWords(millions)} MILLONES`);
  }
  if (thousands > 0) words.push(thousands === 1 ? "MIL" : `${belowThousand(thousands, true)} MIL`);
  if (rest > 0) words.push(belowThousand(rest, true));
  return words.join(" ");
}

/** Centavos in words as on an invoice: 162740 → "MIL SEISCIENTOS VEINTISIETE PESOS 40/100 M.N.". */
export function amountInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`not an amount: ${centavos}`);
  const pesos = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, "0");
  const exactMillions = pesos >= 1_000_000 && pesos % 1_000_000 === 0;
  const noun = pesos === 1 ? "PESO" : exactMillions ? "DE PESOS" : "PESOS";
  return `${integerInWords(pesos)} ${noun} ${cents}/100 M.N.`;
}
