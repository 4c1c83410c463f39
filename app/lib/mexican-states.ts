/** Mexico's 32 federal entities, in alphabetical order (the state select's options). */
export const MEXICAN_STATES = [
  "Aguascalientes",
  "Baja California",
  "Baja California Sur",
  "Campeche",
  "Chiapas",
  "Chihuahua",
  "Ciudad de México",
  "Coahuila",
  "Colima",
  "Durango",
  "Estado de México",
  "Guanajuato",
  "Guerrero",
  "Hidalgo",
  "Jalisco",
  "Michoacán",
  "Morelos",
  "Nayarit",
  "Nuevo León",
  "Oaxaca",
  "Puebla",
  "Querétaro",
  "Quintana Roo",
  "San Luis Potosí",
  "Sinaloa",
  "Sonora",
  "Tabasco",
  "Tamaulipas",
  "Tlaxcala",
  "Veracruz",
  "Yucatán",
  "Zacatecas",
] as const;

export type MexicanState = (typeof MEXICAN_STATES)[number];

/**
 * The first two digits of each state's postal codes (SEPOMEX gives every state whole ranges of
 * them: 01–16 is Ciudad de México, 44–49 Jalisco, …). A postal code whose
 * first two digits belong to another state is a typo in one of the two fields; 00 and 17–19 are
 * nobody's.
 */
export const STATE_POSTAL_PREFIXES: Record<MexicanState, ReadonlyArray<readonly [number, number]>> = {
  Aguascalientes: [[20, 20]],
  "Baja California": [[21, 22]],
  "Baja California Sur": [[23, 23]],
  Campeche: [[24, 24]],
  Chiapas: [[29, 30]],
  Chihuahua: [[31, 33]],
  "Ciudad de México": [[1, 16]],
  Coahuila: [[25, 27]],
  Colima: [[28, 28]],
  Durango: [[34, 35]],
  "Estado de México": [[50, 57]],
  Guanajuato: [[36, 38]],
  Guerrero: [[39, 41]],
  Hidalgo: [[42, 43]],
  Jalisco: [[44, 49]],
  Michoacán: [[58, 61]],
  Morelos: [[62, 62]],
  Nayarit: [[63, 63]],
  "Nuevo León": [[64, 67]],
  Oaxaca: [[68, 71]],
  Puebla: [[72, 75]],
  Querétaro: [[76, 76]],
  "Quintana Roo": [[77, 77]],
  "San Luis Potosí": [[78, 79]],
  Sinaloa: [[80, 82]],
  Sonora: [[83, 85]],
  Tabasco: [[86, 86]],
  Tamaulipas: [[87, 89]],
  Tlaxcala: [[90, 90]],
  Veracruz: [[91, 96]],
  Yucatán: [[97, 97]],
  Zacatecas: [[98, 99]],
};

/** The state a five-digit postal code belongs to, or null when no state has its first two digits. */
export function stateOfPostalCode(postalCode: string): MexicanState | null {
  if (!/^\d{5}$/.test(postalCode)) return null;
  const prefix = Number(postalCode.slice(0, 2));
  for (const state of MEXICAN_STATES) {
    if (STATE_POSTAL_PREFIXES[state].some(([low, high]) => prefix >= low && prefix <= high)) return state;
  }
  return null;
}

/**
 * What is wrong with a (well-formed) postal code and state pair, in Spanish, or null when they
 * agree: "Este código postal es de Ciudad de México, no de Jalisco".
 */
export function postalCodeStateMismatch(postalCode: string, state: MexicanState): string | null {
  const owner = stateOfPostalCode(postalCode);
  if (owner === null) return "Este código postal no corresponde a ningún estado de México";
  return owner === state ? null : `Este código postal es de ${owner}, no de ${state}`;
}

export function isMexicanState(value: unknown): value is MexicanState {
  return typeof value === "string" && (MEXICAN_STATES as readonly string[]).includes(value);
}
