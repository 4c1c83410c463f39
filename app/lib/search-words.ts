/**
 * The words of the shop's search: one reviewed list (docs/decisions/016-search-for-mexican-shoppers.md).
 * Read by `analyzeSearch` (./search-query.ts) on the server and checked by ./search-words.test.ts.
 *
 * Entries are written as a jeweller writes them (accents kept, singular); case, accents and plurals
 * of what the shopper types never matter. A phrase ("argolla de matrimonio") is found when the
 * shopper's words form it, stop words aside.
 */

/**
 * Words that say nothing about the piece. They are dropped from the words a product must match
 * (the whole text the shopper typed still finds products that contain it as it is).
 */
export const STOP_WORDS: readonly string[] = [
  "a",
  "al",
  "ante",
  "como",
  "con",
  "contra",
  "de",
  "del",
  "desde",
  "e",
  "el",
  "en",
  "entre",
  "hacia",
  "hasta",
  "la",
  "las",
  "lo",
  "los",
  "más",
  "muy",
  "ni",
  "o",
  "para",
  "por",
  "que",
  "según",
  "sin",
  "sobre",
  "su",
  "sus",
  "u",
  "un",
  "una",
  "unas",
  "unos",
  "y",
];

/** Singular words that end in -s: never cut to a "singular" (tenis → teni would find "tenido"). */
export const ALREADY_SINGULAR: readonly string[] = ["tenis", "gris", "iris", "lapis", "oasis", "tres", "seis", "mes"];

/**
 * Words for the same thing: typing any one finds every one.
 * Mexican words first, then what the catalogue, Spain or English-speaking shops call it.
 */
export const SAME_AS: readonly (readonly string[])[] = [
  // Earrings. Mexicans say aretes; the spec's category (and Spain) says pendientes.
  ["arete", "pendiente", "zarcillo"],
  // Studs: broqueles in Mexico, topos in Spain, aretes de botón or de presión in the shop window.
  ["broquel", "topo", "arete de botón", "arete de presión"],
  ["huggie", "huggy"],
  // Rings. An argolla is the wedding band.
  ["anillo", "sortija"],
  ["argolla", "argolla de matrimonio", "argolla de boda", "anillo de matrimonio", "anillo de boda", "alianza"],
  // The eternity ring: churumbela in Mexico; the half one, media churumbela.
  ["churumbela", "anillo de eternidad", "anillo eternidad"],
  ["media churumbela", "media eternidad"],
  // A solitaire ring is the engagement ring. (Solitario alone is any one-stone piece: earrings too.)
  ["anillo de compromiso", "anillo solitario", "solitario de compromiso"],
  // Necklaces. (Cadena is not a collar: bracelets are cadenas too, "Pulsera Cadena Barbada".)
  ["dije", "charm"],
  ["medalla", "medallón"],
  ["gargantilla", "choker"],
  // Bracelets: an esclava and a brazalete are both rigid bangles.
  ["esclava", "brazalete"],
  ["tenis", "tennis"],
  // Stones: the catalogue and shoppers write it every way.
  ["zirconia", "circonia", "zirconita", "circonita", "zircón", "circón"],
  ["perla", "perlita"],
  // Metals. Plata .925 is sterling silver, "plata ley .925" on a Mexican hallmark.
  ["plata .925", "plata 925", "plata ley .925", "plata ley 925", "plata esterlina", "sterling"],
  ["oro rosa", "oro rosado", "rose gold"],
  ["baño de oro", "chapa de oro", "chapado en oro", "chapada en oro", "bañado en oro", "bañada en oro"],
  ["10k", "10 quilates", "10 kilates", "10 kt"],
  ["14k", "14 quilates", "14 kilates", "14 kt"],
  ["18k", "18 quilates", "18 kilates", "18 kt"],
  ["22k", "22 quilates", "22 kilates", "22 kt"],
  ["24k", "24 quilates", "24 kilates", "24 kt"],
];

/**
 * A general word that also finds the kinds of piece it covers. One way only: typing "aretes" finds
 * arracadas and broqueles, typing "arracadas" does not find broqueles.
 */
export const ALSO_FINDS: readonly (readonly [string, readonly string[]])[] = [
  ["arete", ["arracada", "broquel", "huggie"]],
  ["arracada", ["huggie"]],
  // "Aros" is a Spaniard's (and some Mexicans') hoops; the catalogue's "aro" is also a ring's band.
  ["aro", ["arracada"]],
  ["anillo", ["argolla", "churumbela"]],
  ["churumbela", ["media churumbela"]],
  ["collar", ["gargantilla"]],
  ["pulsera", ["esclava"]],
  ["dije", ["medalla"]],
  // In Mexico a colgante is anything that hangs ("Aretes Perla Colgante"): it finds dijes, not back.
  ["colgante", ["dije"]],
  // Plain karat gold is yellow gold; white and rose gold say so.
  ["oro amarillo", ["oro 10k", "oro 14k", "oro 18k", "oro 22k", "oro 24k"]],
];
