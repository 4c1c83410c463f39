/**
 * What shoppers type, against the seed catalogue (prisma/seed-data.ts): each query with products it
 * must find, products it must not find and, where the order matters, the product that must come first.
 *
 * `before` is the number of products the search found for the query before issue 19 (one substring
 * of name, material, description and category name, accents and case ignored), measured on the seed
 * catalogue at commit 1892250; the test prints it beside today's count.
 */
export type ShopperQuery = {
  q: string;
  finds: string[];
  notFinds: string[];
  first?: string;
  /** Products that must come before all others, in any order (the words all in their names). */
  top?: string[];
  /** The correction offered (¿Quisiste decir …?), when the query has a typo. */
  suggests?: string;
  before: number;
};

const RINGS = [
  "Anillo Solitario Aurora",
  "Anillo Corazón",
  "Argolla Clásica 4 mm",
  "Anillo Eternidad Brillante",
  "Anillo Esmeralda Imperial",
  "Anillo Zafiro Real",
  "Anillo Trilogía",
  "Anillo Perla Cultivada",
  "Anillo Sello Ónix",
  "Anillo Amatista Lavanda",
  "Anillo Trenzado",
  "Anillo Media Eternidad Rubí",
  "Anillo Abierto Tú y Yo",
];

const NECKLACES = [
  "Collar Gota de Diamante",
  "Collar Corazón Eterno",
  "Collar de Perlas Clásico",
  "Cadena Cubana 5 mm",
  "Gargantilla Riviera",
  "Collar Esmeralda Colombiana",
  "Collar Medalla Sol",
  "Collar Luna y Estrella",
  "Collar Zafiro Solitario",
  "Cadena Singapur",
  "Collar Doble Capa",
  "Collar Amatista Lágrima",
  "Collar Rubí Vintage",
];

const BRACELETS = [
  "Pulsera Tenis Brillantes",
  "Pulsera Tenis Zirconias",
  "Esclava Lisa",
  "Pulsera de Dijes",
  "Brazalete Rígido Ancho",
  "Pulsera de Perlas",
  "Pulsera Eslabones Rolo",
  "Pulsera Tenis Esmeraldas",
  "Pulsera Corazones",
  "Pulsera Infinito",
  "Brazalete Zafiros",
  "Pulsera Cadena Barbada",
  "Pulsera Rubíes Delicada",
];

const EARRINGS = [
  "Broqueles Brillante Solitario",
  "Arracadas Clásicas 2 cm",
  "Arracadas Grandes 4 cm",
  "Broqueles de Perla",
  "Aretes Gota Esmeralda",
  "Aretes Gota Zafiro",
  "Arracadas Huggie Brillantes",
  "Aretes Perla Colgante",
  "Broqueles Corazón Rubí",
  "Aretes Amatista",
  "Broqueles Estrella",
  "Arracadas de Filigrana Oaxaqueña",
  "Broqueles Zafiro",
];

const GOLD_RINGS = [
  "Anillo Solitario Aurora",
  "Anillo Corazón",
  "Argolla Clásica 4 mm",
  "Anillo Eternidad Brillante",
  "Anillo Esmeralda Imperial",
  "Anillo Zafiro Real",
  "Anillo Trilogía",
  "Anillo Trenzado",
  "Anillo Media Eternidad Rubí",
];

const SILVER_925 = [
  "Anillo Perla Cultivada",
  "Anillo Sello Ónix",
  "Anillo Amatista Lavanda",
  "Collar Medalla Sol",
  "Cadena Singapur",
  "Pulsera Tenis Zirconias",
  "Pulsera de Perlas",
  "Pulsera Cadena Barbada",
  "Aretes Perla Colgante",
  "Broqueles Estrella",
];

const EMERALDS = [
  "Anillo Esmeralda Imperial",
  "Collar Esmeralda Colombiana",
  "Pulsera Tenis Esmeraldas",
  "Aretes Gota Esmeralda",
];

const SAPPHIRES = [
  "Anillo Zafiro Real",
  "Collar Zafiro Solitario",
  "Brazalete Zafiros",
  "Aretes Gota Zafiro",
  "Broqueles Zafiro",
];

const RUBIES = [
  "Anillo Corazón",
  "Anillo Media Eternidad Rubí",
  "Collar Rubí Vintage",
  "Pulsera Rubíes Delicada",
  "Broqueles Corazón Rubí",
];

const PEARLS = [
  "Anillo Perla Cultivada",
  "Anillo Abierto Tú y Yo",
  "Collar de Perlas Clásico",
  "Pulsera de Perlas",
  "Broqueles de Perla",
  "Aretes Perla Colgante",
];

const HEARTS = [
  "Anillo Corazón",
  "Collar Corazón Eterno",
  "Pulsera de Dijes",
  "Pulsera Corazones",
  "Broqueles Corazón Rubí",
];

const ARRACADAS = [
  "Arracadas Clásicas 2 cm",
  "Arracadas Grandes 4 cm",
  "Arracadas Huggie Brillantes",
  "Arracadas de Filigrana Oaxaqueña",
];

const BROQUELES = [
  "Broqueles Brillante Solitario",
  "Broqueles de Perla",
  "Broqueles Corazón Rubí",
  "Broqueles Estrella",
  "Broqueles Zafiro",
];

const ZIRCONIA = ["Pulsera Tenis Zirconias", "Collar Luna y Estrella", "Pulsera de Dijes", "Broqueles Estrella"];

const BANGLES = ["Esclava Lisa", "Brazalete Rígido Ancho", "Brazalete Zafiros"];

export const SHOPPER_QUERIES: ShopperQuery[] = [
  // Every word, in any order, whatever the case; "de" and the like are ignored.
  { q: "ANILLO oro", finds: GOLD_RINGS, notFinds: ["Anillo Sello Ónix", "Collar Rubí Vintage"], before: 0 },
  {
    q: "anillo de oro",
    finds: GOLD_RINGS,
    notFinds: ["Anillo Amatista Lavanda", "Cadena Cubana 5 mm"],
    before: 0,
  },
  { q: "oro anillo", finds: GOLD_RINGS, notFinds: ["Anillo Sello Ónix", "Esclava Lisa"], before: 1 },
  {
    q: "collar perlas",
    finds: ["Collar de Perlas Clásico"],
    notFinds: ["Anillo Perla Cultivada", "Aretes Perla Colgante"],
    first: "Collar de Perlas Clásico",
    before: 0,
  },
  {
    q: "Collar de Perlas Clásico",
    finds: ["Collar de Perlas Clásico"],
    notFinds: ["Collar Gota de Diamante"],
    first: "Collar de Perlas Clásico",
    before: 2,
  },
  {
    q: "anillo esmeralda",
    finds: ["Anillo Esmeralda Imperial"],
    notFinds: ["Collar Esmeralda Colombiana", "Aretes Gota Esmeralda"],
    first: "Anillo Esmeralda Imperial",
    before: 1,
  },
  {
    q: "Esmeralda ANILLO",
    finds: ["Anillo Esmeralda Imperial"],
    notFinds: ["Pulsera Tenis Esmeraldas"],
    first: "Anillo Esmeralda Imperial",
    before: 0,
  },
  {
    q: "anillo plata",
    finds: ["Anillo Sello Ónix", "Anillo Amatista Lavanda", "Anillo Perla Cultivada", "Anillo Abierto Tú y Yo"],
    notFinds: ["Anillo Trenzado", "Cadena Singapur"],
    before: 0,
  },
  {
    q: "pulsera tenis",
    finds: ["Pulsera Tenis Brillantes", "Pulsera Tenis Zirconias", "Pulsera Tenis Esmeraldas"],
    notFinds: ["Esclava Lisa", "Pulsera Infinito"],
    before: 3,
  },
  {
    q: "aretes de perla",
    finds: ["Broqueles de Perla", "Aretes Perla Colgante"],
    notFinds: ["Collar de Perlas Clásico", "Anillo Perla Cultivada"],
    before: 0,
  },
  {
    q: "arracadas de oro",
    finds: ARRACADAS,
    notFinds: ["Broqueles de Perla", "Anillo Corazón"],
    before: 0,
  },
  {
    q: "filigrana oaxaqueña",
    finds: ["Arracadas de Filigrana Oaxaqueña"],
    notFinds: ["Aretes Amatista"],
    before: 1,
  },
  { q: "oaxaca", finds: ["Arracadas de Filigrana Oaxaqueña"], notFinds: ["Collar Medalla Sol"], before: 1 },

  // Accents and case never matter.
  { q: "CORAZON", finds: HEARTS, notFinds: ["Anillo Trenzado"], before: 5 },
  { q: "corazón", finds: HEARTS, notFinds: ["Collar Luna y Estrella"], before: 5 },
  { q: "ÓNIX", finds: ["Anillo Sello Ónix"], notFinds: ["Anillo Amatista Lavanda"], before: 1 },
  {
    q: "Collar Amatista Lágrima",
    finds: ["Collar Amatista Lágrima"],
    notFinds: ["Aretes Amatista"],
    first: "Collar Amatista Lágrima",
    before: 1,
  },

  // Singular and plural.
  { q: "perla", finds: PEARLS, notFinds: ["Anillo Sello Ónix"], before: 6 },
  { q: "perlas", finds: PEARLS, notFinds: ["Anillo Sello Ónix"], before: 4 },
  { q: "anillos", finds: RINGS, notFinds: ["Collar Gota de Diamante", "Broqueles Zafiro"], before: 13 },
  { q: "anillo", finds: RINGS, notFinds: ["Collar Gota de Diamante", "Aretes Amatista"], before: 13 },
  { q: "collares", finds: NECKLACES, notFinds: ["Anillo Corazón", "Pulsera Infinito"], before: 13 },
  { q: "rubí", finds: RUBIES, notFinds: ["Anillo Zafiro Real"], before: 5 },
  { q: "rubíes", finds: RUBIES, notFinds: ["Anillo Zafiro Real"], before: 2 },
  { q: "zafiro", finds: SAPPHIRES, notFinds: ["Anillo Esmeralda Imperial"], before: 5 },
  { q: "zafiros", finds: SAPPHIRES, notFinds: ["Anillo Esmeralda Imperial"], before: 3 },
  { q: "corazones", finds: HEARTS, notFinds: ["Anillo Trenzado"], before: 2 },
  { q: "esmeraldas", finds: EMERALDS, notFinds: ["Broqueles Zafiro"], before: 2 },

  // Mexican words and their synonyms.
  { q: "aretes", finds: EARRINGS, notFinds: ["Anillo Corazón", "Collar Gota de Diamante"], before: 4 },
  { q: "arete", finds: EARRINGS, notFinds: ["Anillo Corazón", "Pulsera Infinito"], before: 4 },
  { q: "pendientes", finds: EARRINGS, notFinds: ["Collar Corazón Eterno"], before: 13 },
  { q: "arracadas", finds: ARRACADAS, notFinds: ["Broqueles de Perla", "Aretes Amatista"], before: 4 },
  { q: "broqueles", finds: BROQUELES, notFinds: ["Arracadas Clásicas 2 cm", "Aretes Amatista"], before: 5 },
  {
    q: "huggies",
    finds: ["Arracadas Huggie Brillantes"],
    notFinds: ["Arracadas Clásicas 2 cm"],
    before: 0,
  },
  { q: "argolla", finds: ["Argolla Clásica 4 mm"], notFinds: ["Anillo Corazón", "Collar Medalla Sol"], before: 1 },
  {
    q: "argolla de matrimonio",
    finds: ["Argolla Clásica 4 mm"],
    notFinds: ["Anillo Solitario Aurora"],
    before: 1,
  },
  {
    q: "anillo de boda",
    finds: ["Argolla Clásica 4 mm"],
    notFinds: ["Aretes Gota Zafiro", "Anillo Corazón"],
    before: 0,
  },
  {
    q: "anillo de compromiso",
    finds: ["Anillo Solitario Aurora", "Anillo Zafiro Real"],
    notFinds: ["Collar Zafiro Solitario", "Broqueles Brillante Solitario"],
    before: 1,
  },
  {
    q: "churumbela",
    finds: ["Anillo Eternidad Brillante", "Anillo Media Eternidad Rubí"],
    notFinds: ["Anillo Trilogía", "Anillo Corazón"],
    before: 0,
  },
  {
    q: "solitario",
    finds: ["Anillo Solitario Aurora", "Broqueles Brillante Solitario", "Collar Zafiro Solitario"],
    notFinds: ["Anillo Trilogía", "Anillo Esmeralda Imperial"],
    before: 4,
  },
  {
    q: "dijes",
    finds: ["Collar Corazón Eterno", "Pulsera de Dijes", "Cadena Singapur", "Collar Medalla Sol"],
    notFinds: ["Aretes Perla Colgante", "Anillo Corazón"],
    before: 1,
  },
  {
    q: "medalla",
    finds: ["Collar Medalla Sol"],
    notFinds: ["Collar Corazón Eterno", "Pulsera de Dijes"],
    before: 1,
  },
  {
    q: "cadena",
    finds: ["Cadena Cubana 5 mm", "Cadena Singapur", "Collar Medalla Sol", "Pulsera Cadena Barbada"],
    notFinds: ["Anillo Corazón", "Aretes Amatista"],
    top: ["Cadena Cubana 5 mm", "Cadena Singapur", "Pulsera Cadena Barbada"],
    before: 14,
  },
  {
    q: "gargantilla",
    finds: ["Gargantilla Riviera"],
    notFinds: ["Collar de Perlas Clásico", "Pulsera Tenis Brillantes"],
    before: 1,
  },
  { q: "choker", finds: ["Gargantilla Riviera"], notFinds: ["Cadena Cubana 5 mm"], before: 0 },
  { q: "esclava", finds: BANGLES, notFinds: ["Pulsera Tenis Brillantes", "Pulsera Infinito"], before: 2 },
  { q: "brazaletes", finds: BANGLES, notFinds: ["Pulsera Corazones"], before: 0 },
  { q: "pulseras", finds: BRACELETS, notFinds: ["Anillo Trilogía", "Aretes Amatista"], before: 13 },
  { q: "sortija", finds: RINGS, notFinds: ["Broqueles Estrella"], before: 0 },
  { q: "circonias", finds: ZIRCONIA, notFinds: ["Anillo Corazón", "Pulsera Tenis Brillantes"], before: 1 },
  { q: "zirconia", finds: ZIRCONIA, notFinds: ["Anillo Corazón"], before: 1 },

  // Metals.
  {
    q: "oro amarillo",
    finds: [
      "Anillo Solitario Aurora",
      "Anillo Corazón",
      "Anillo Trilogía",
      "Argolla Clásica 4 mm",
      "Anillo Esmeralda Imperial",
      "Cadena Cubana 5 mm",
      "Collar de Perlas Clásico",
      "Esclava Lisa",
      "Arracadas Clásicas 2 cm",
      "Broqueles Brillante Solitario",
    ],
    notFinds: ["Anillo Eternidad Brillante", "Pulsera Tenis Brillantes", "Anillo Trenzado", "Anillo Perla Cultivada"],
    before: 0,
  },
  {
    q: "oro blanco",
    finds: ["Anillo Eternidad Brillante", "Pulsera Tenis Brillantes", "Anillo Solitario Aurora", "Aretes Gota Zafiro"],
    notFinds: ["Cadena Cubana 5 mm", "Anillo Trenzado"],
    before: 11,
  },
  {
    q: "Oro Rosa",
    finds: [
      "Anillo Corazón",
      "Anillo Trenzado",
      "Collar Corazón Eterno",
      "Brazalete Rígido Ancho",
      "Pulsera Corazones",
    ],
    notFinds: ["Cadena Cubana 5 mm", "Pulsera Tenis Brillantes"],
    before: 6,
  },
  { q: "plata .925", finds: SILVER_925, notFinds: ["Anillo Corazón", "Esclava Lisa"], before: 19 },
  { q: "plata 925", finds: SILVER_925, notFinds: ["Anillo Corazón", "Esclava Lisa"], before: 0 },
  {
    q: "plata esterlina",
    finds: [...SILVER_925, "Arracadas Grandes 4 cm"],
    notFinds: ["Anillo Corazón", "Cadena Cubana 5 mm"],
    before: 1,
  },

  // Typos: the closest words, and the correction offered.
  { q: "anilo", finds: RINGS, notFinds: ["Collar Gota de Diamante"], suggests: "anillo", before: 0 },
  { q: "colar", finds: NECKLACES, notFinds: ["Anillo Corazón", "Aretes Amatista"], suggests: "collar", before: 0 },
  { q: "pulcera", finds: BRACELETS, notFinds: ["Anillo Trilogía"], suggests: "pulsera", before: 0 },
  // A plural-looking typo: "esmeralds" is read as the plural of "esmerald", which starts "esmeralda".
  { q: "esmeralds", finds: EMERALDS, notFinds: ["Anillo Zafiro Real"], before: 0 },
  { q: "zafriro", finds: SAPPHIRES, notFinds: ["Anillo Esmeralda Imperial"], suggests: "zafiro", before: 0 },
  {
    q: "anilo de oro",
    finds: GOLD_RINGS,
    notFinds: ["Anillo Sello Ónix", "Cadena Cubana 5 mm"],
    suggests: "anillo de oro",
    before: 0,
  },
  {
    q: "brasalete",
    finds: ["Brazalete Rígido Ancho", "Brazalete Zafiros"],
    notFinds: ["Pulsera Tenis Brillantes"],
    suggests: "brazalete",
    before: 0,
  },
  {
    q: "argoya",
    finds: ["Argolla Clásica 4 mm"],
    notFinds: ["Anillo Corazón"],
    suggests: "argolla",
    before: 0,
  },
  {
    q: "diamnte",
    finds: ["Anillo Solitario Aurora", "Collar Gota de Diamante", "Pulsera Tenis Brillantes"],
    notFinds: ["Anillo Amatista Lavanda", "Collar Luna y Estrella"],
    suggests: "diamante",
    before: 0,
  },
];
