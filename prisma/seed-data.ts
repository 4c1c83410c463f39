/**
 * The development catalogue of Joyería Aurora as plain data: categories, products with their
 * variants and pictures, the seeded accounts and a few reviews. Money is integer centavos (MXN).
 *
 * `prisma/seed.ts` writes these rows; `tools/render-products/render-products.mjs` renders the pictures named here
 * (both read the same list, so every URL below has a file in public/images/products).
 * Everything is deterministic: ids are fixed and dates are computed from SEED_BASE_DATE.
 */
import { variantName } from "../app/lib/variants.ts";

// ───────────────────────────── Accounts ─────────────────────────────

export type SeedRole = "customer" | "worker" | "admin";

export type SeedAccount = {
  email: string;
  password: string;
  name: string;
  role: SeedRole;
  /** Days before SEED_BASE_DATE when the account was created. */
  daysAgo: number;
};

/** Development-only credentials: printed by the setup script and the README, never used in production. */
export const ADMIN_ACCOUNT = {
  email: "admin@joyeria.test",
  password: "Admin123!",
  name: "Ana Administradora",
  role: "admin",
  daysAgo: 320,
} as const satisfies SeedAccount;

export const WORKER_ACCOUNT = {
  email: "empleado@joyeria.test",
  password: "Empleado123!",
  name: "Ernesto Empleado",
  role: "worker",
  daysAgo: 300,
} as const satisfies SeedAccount;

export const CUSTOMER_ACCOUNT = {
  email: "cliente@joyeria.test",
  password: "Cliente123!",
  name: "Carla Cliente",
  role: "customer",
  daysAgo: 240,
} as const satisfies SeedAccount;

/** The three accounts to print after setup, in that order. */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [ADMIN_ACCOUNT, WORKER_ACCOUNT, CUSTOMER_ACCOUNT];

/** More customers, only so that products have reviews from several people (same password as the customer). */
export const REVIEWER_ACCOUNTS: readonly SeedAccount[] = [
  {
    email: "mariafernanda.lopez@joyeria.test",
    password: CUSTOMER_ACCOUNT.password,
    name: "María Fernanda López",
    role: "customer",
    daysAgo: 210,
  },
  {
    email: "sofia.ramirez@joyeria.test",
    password: CUSTOMER_ACCOUNT.password,
    name: "Sofía Ramírez",
    role: "customer",
    daysAgo: 180,
  },
  {
    email: "diego.hernandez@joyeria.test",
    password: CUSTOMER_ACCOUNT.password,
    name: "Diego Hernández",
    role: "customer",
    daysAgo: 150,
  },
];

export const ALL_SEED_ACCOUNTS: readonly SeedAccount[] = [...SEED_ACCOUNTS, ...REVIEWER_ACCOUNTS];

// ───────────────────────────── Dates ─────────────────────────────

/** Every seeded date is this moment minus a fixed number of days, so reseeding never moves anything. */
export const SEED_BASE_DATE = new Date("2026-11-01T18:00:00.000Z");

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** `days` (and optionally `hours`) before SEED_BASE_DATE. */
export function daysBefore(days: number, hours = 0): Date {
  return new Date(SEED_BASE_DATE.getTime() - days * DAY_MS - hours * HOUR_MS);
}

// ───────────────────────────── Pictures ─────────────────────────────

export type MetalKey = "oro" | "oro-blanco" | "oro-rosa" | "plata";
export type GemKey = "diamante" | "esmeralda" | "rubi" | "zafiro" | "amatista" | "perla" | "onix";

/** The drawing the image generator makes for a product (one per shape of jewel). */
export type ArtKind =
  // rings
  | "solitario"
  | "argolla"
  | "eternidad"
  | "media-eternidad"
  | "corazon"
  | "halo"
  | "trilogia"
  | "anillo-perla"
  | "sello"
  | "trenzado"
  | "tu-y-yo"
  // necklaces
  | "colgante-gota"
  | "colgante-corazon"
  | "colgante-halo"
  | "colgante-solitario"
  | "collar-perlas"
  | "cadena-cubana"
  | "cadena-fina"
  | "riviera"
  | "medalla-sol"
  | "luna-estrella"
  | "doble-capa"
  // bracelets
  | "tenis"
  | "esclava"
  | "esclava-gemas"
  | "brazalete-ancho"
  | "dijes"
  | "pulsera-perlas"
  | "eslabones"
  | "barbada"
  | "corazones"
  | "infinito"
  | "estaciones"
  // earrings
  | "broqueles"
  | "broqueles-perla"
  | "broqueles-corazon"
  | "broqueles-estrella"
  | "arracadas"
  | "arracadas-grandes"
  | "huggies"
  | "filigrana"
  | "aretes-gota"
  | "perla-colgante";

/** principal: the catalogue shot (a 3/4 view); detalle: a close-up from another angle. */
export type Composition = "principal" | "detalle";

export type Art = { kind: ArtKind; metal: MetalKey; gem?: GemKey };

/** Public URL of a product picture; `metal` only for a variant in another metal than the product. */
export function imageUrl(slug: string, composition: Composition, metal?: MetalKey): string {
  const parts = [slug, metal, composition === "principal" ? undefined : composition].filter(Boolean);
  return `/images/products/${parts.join("-")}.webp`;
}

// ───────────────────────────── Catalogue ─────────────────────────────

export type CategorySlug = "rings" | "necklaces" | "bracelets" | "earrings";

export type SeedCategory = { id: number; slug: CategorySlug; name: string; description: string; sortOrder: number };

export const CATEGORIES: readonly SeedCategory[] = [
  {
    id: 1,
    slug: "rings",
    name: "Anillos",
    description: "Solitarios, argollas y anillos de compromiso para cada promesa.",
    sortOrder: 1,
  },
  {
    id: 2,
    slug: "necklaces",
    name: "Collares",
    description: "Dijes, cadenas y perlas que iluminan el escote.",
    sortOrder: 2,
  },
  {
    id: 3,
    slug: "bracelets",
    name: "Pulseras",
    description: "Tenis, esclavas y pulseras de dijes para llevar a diario.",
    sortOrder: 3,
  },
  {
    id: 4,
    slug: "earrings",
    name: "Pendientes",
    description: "Broqueles, arracadas y aretes de gota para enmarcar el rostro.",
    sortOrder: 4,
  },
];

const CATEGORY_ID: Record<CategorySlug, number> = { rings: 1, necklaces: 2, bracelets: 3, earrings: 4 };

/**
 * A group of variants: one model (metal colour) and/or a set of sizes.
 * `sizes` maps a size ("5"…"9" = ring size, "40 cm" = length) to its stock; without `sizes`
 * the group is a single variant whose stock is `stock`.
 */
export type SeedVariantGroup = {
  model?: string;
  metal?: MetalKey;
  /** Defaults to the product's price / original price. */
  price?: number;
  originalPrice?: number | null;
  sizes?: Record<string, number>;
  /** Extra price per size (e.g. a longer chain), in centavos. */
  sizeSurcharge?: Record<string, number>;
  stock?: number;
};

export type SeedProduct = {
  id: number;
  /** Base name of the picture files. */
  slug: string;
  category: CategorySlug;
  name: string;
  description: string;
  material: string;
  price: number;
  originalPrice?: number;
  isNew?: boolean;
  isFeatured?: boolean;
  /** Days before SEED_BASE_DATE the product was added to the shop. */
  daysAgo: number;
  /** Stock of a product without variants (with variants it is their sum). */
  stock?: number;
  variants?: readonly SeedVariantGroup[];
  art: Art;
  /** Extra gallery pictures after the main one. */
  gallery: readonly Exclude<Composition, "principal">[];
};

export const PRODUCTS: readonly SeedProduct[] = [
  // ── Anillos ──
  {
    id: 1,
    slug: "anillo-solitario-aurora",
    category: "rings",
    name: "Anillo Solitario Aurora",
    description:
      "Solitario de compromiso con diamante talla brillante de 0.30 ct, montado en cuatro uñas para que la luz lo atraviese por completo. Incluye certificado de autenticidad.",
    material: "Oro blanco 14k",
    price: 14_500_00,
    isFeatured: true,
    daysAgo: 150,
    variants: [
      { model: "Oro blanco", metal: "oro-blanco", sizes: { 5: 3, 6: 5, 7: 6, 8: 4, 9: 2 } },
      { model: "Oro amarillo", metal: "oro", sizes: { 5: 2, 6: 4, 7: 5, 8: 3 } },
      { model: "Oro rosa", metal: "oro-rosa", price: 14_900_00, sizes: { 6: 3, 7: 0, 8: 2 } },
    ],
    art: { kind: "solitario", metal: "oro-blanco", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 2,
    slug: "anillo-corazon",
    category: "rings",
    name: "Anillo Corazón",
    description:
      "Un corazón de rubí sintético engastado en oro rosa, delicado y romántico. Perfecto para un aniversario o para decir «te quiero» sin palabras.",
    material: "Oro rosa 14k",
    price: 3_450_00,
    originalPrice: 4_600_00,
    isNew: true,
    isFeatured: true,
    daysAgo: 9,
    variants: [
      { model: "Oro rosa", metal: "oro-rosa", sizes: { 5: 4, 6: 6, 7: 8, 8: 5 } },
      { model: "Oro amarillo", metal: "oro", sizes: { 6: 5, 7: 6, 8: 3, 9: 2 } },
      { model: "Oro blanco", metal: "oro-blanco", sizes: { 5: 2, 6: 3, 7: 0 } },
    ],
    art: { kind: "corazon", metal: "oro-rosa", gem: "rubi" },
    gallery: ["detalle"],
  },
  {
    id: 3,
    slug: "argolla-clasica-4mm",
    category: "rings",
    name: "Argolla Clásica 4 mm",
    description:
      "Argolla de matrimonio de perfil confort, pulida a espejo y cómoda para llevar todos los días. Grabado interior sin costo.",
    material: "Oro 14k",
    price: 4_890_00,
    daysAgo: 220,
    variants: [{ sizes: { 5: 6, 6: 10, 7: 12, 8: 11, 9: 8 } }],
    art: { kind: "argolla", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 4,
    slug: "anillo-eternidad-brillante",
    category: "rings",
    name: "Anillo Eternidad Brillante",
    description:
      "Una hilera de diamantes de 2 mm rodea por completo el aro en montura de uñas compartidas: 0.60 ct de brillo continuo para celebrar un aniversario.",
    material: "Oro blanco 18k",
    price: 18_900_00,
    isFeatured: true,
    daysAgo: 120,
    variants: [{ sizes: { 5: 2, 6: 3, 7: 4, 8: 2 } }],
    art: { kind: "eternidad", metal: "oro-blanco", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 5,
    slug: "anillo-esmeralda-imperial",
    category: "rings",
    name: "Anillo Esmeralda Imperial",
    description:
      "Esmeralda colombiana talla oval rodeada por un halo de diamantes. Una pieza de herencia con el verde intenso que distingue a las mejores gemas.",
    material: "Oro 18k",
    price: 9_600_00,
    originalPrice: 12_000_00,
    daysAgo: 95,
    variants: [{ sizes: { 6: 2, 7: 3, 8: 1 } }],
    art: { kind: "halo", metal: "oro", gem: "esmeralda" },
    gallery: ["detalle"],
  },
  {
    id: 6,
    slug: "anillo-zafiro-real",
    category: "rings",
    name: "Anillo Zafiro Real",
    description:
      "Zafiro azul real de 1 ct con halo de brillantes, inspirado en las joyas de la realeza. Elegante como anillo de compromiso o de coctel.",
    material: "Oro blanco 14k",
    price: 9_800_00,
    daysAgo: 70,
    variants: [{ sizes: { 5: 5, 6: 8, 7: 9, 8: 7, 9: 4 } }],
    art: { kind: "halo", metal: "oro-blanco", gem: "zafiro" },
    gallery: ["detalle"],
  },
  {
    id: 7,
    slug: "anillo-trilogia",
    category: "rings",
    name: "Anillo Trilogía",
    description:
      "Tres diamantes que representan pasado, presente y futuro, alineados sobre un aro fino. Un clásico para aniversarios y compromisos.",
    material: "Oro 14k",
    price: 8_900_00,
    isNew: true,
    daysAgo: 14,
    variants: [
      { model: "Oro amarillo", metal: "oro", sizes: { 5: 4, 6: 6, 7: 7, 8: 5, 9: 3 } },
      { model: "Oro blanco", metal: "oro-blanco", sizes: { 5: 3, 6: 5, 7: 6, 8: 4 } },
    ],
    art: { kind: "trilogia", metal: "oro", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 8,
    slug: "anillo-perla-cultivada",
    category: "rings",
    name: "Anillo Perla Cultivada",
    description:
      "Perla cultivada de agua dulce de 8 mm con lustre natural, sobre plata con baño de oro. Sencillo, luminoso y fácil de combinar.",
    material: "Plata .925 con baño de oro",
    price: 1_290_00,
    daysAgo: 180,
    variants: [{ sizes: { 5: 8, 6: 12, 7: 15, 8: 10 } }],
    art: { kind: "anillo-perla", metal: "oro", gem: "perla" },
    gallery: ["detalle"],
  },
  {
    id: 9,
    slug: "anillo-sello-onix",
    category: "rings",
    name: "Anillo Sello Ónix",
    description:
      "Anillo de sello con placa de ónix negro pulido y hombros anchos. Un estilo atemporal que se puede grabar con tus iniciales.",
    material: "Plata .925",
    price: 1_590_00,
    daysAgo: 200,
    variants: [{ sizes: { 7: 9, 8: 14, 9: 12 } }],
    art: { kind: "sello", metal: "plata", gem: "onix" },
    gallery: ["detalle"],
  },
  {
    id: 10,
    slug: "anillo-amatista-lavanda",
    category: "rings",
    name: "Anillo Amatista Lavanda",
    description:
      "Amatista natural talla oval en un engaste de cuatro uñas. Su tono violeta, piedra de febrero, se ve precioso con la plata.",
    material: "Plata .925",
    price: 1_150_00,
    originalPrice: 1_290_00,
    daysAgo: 110,
    variants: [{ sizes: { 5: 9, 6: 0, 7: 14, 8: 8 } }],
    art: { kind: "solitario", metal: "plata", gem: "amatista" },
    gallery: ["detalle"],
  },
  {
    id: 11,
    slug: "anillo-trenzado",
    category: "rings",
    name: "Anillo Trenzado",
    description:
      "Dos hilos de oro rosa entrelazados a mano en un aro que simboliza la unión. Ligero y cómodo para combinar con otros anillos.",
    material: "Oro rosa 14k",
    price: 3_890_00,
    isNew: true,
    daysAgo: 21,
    variants: [{ sizes: { 5: 5, 6: 8, 7: 10, 8: 7, 9: 4 } }],
    art: { kind: "trenzado", metal: "oro-rosa" },
    gallery: ["detalle"],
  },
  {
    id: 12,
    slug: "anillo-media-eternidad-rubi",
    category: "rings",
    name: "Anillo Media Eternidad Rubí",
    description:
      "Siete rubíes en montura de uñas compartidas sobre la mitad del aro. Pasión y color para llevar solo o con tu solitario.",
    material: "Oro 14k",
    price: 6_750_00,
    daysAgo: 160,
    variants: [{ sizes: { 5: 0, 6: 0, 7: 0, 8: 0 } }],
    art: { kind: "media-eternidad", metal: "oro", gem: "rubi" },
    gallery: ["detalle"],
  },
  {
    id: 13,
    slug: "anillo-abierto-tu-y-yo",
    category: "rings",
    name: "Anillo Abierto Tú y Yo",
    description:
      "Anillo abierto y ajustable con dos perlas que se miran frente a frente. Una talla única que se adapta a cualquier dedo.",
    material: "Plata .925 con baño de oro",
    price: 990_00,
    daysAgo: 75,
    stock: 46,
    art: { kind: "tu-y-yo", metal: "oro", gem: "perla" },
    gallery: ["detalle"],
  },

  // ── Collares ──
  {
    id: 14,
    slug: "collar-gota-diamante",
    category: "necklaces",
    name: "Collar Gota de Diamante",
    description:
      "Diamante talla pera de 0.20 ct suspendido en una cadena fina tipo veneciana. Brillo discreto para el día y la noche.",
    material: "Oro blanco 14k",
    price: 7_900_00,
    isFeatured: true,
    daysAgo: 130,
    variants: [{ sizes: { "40 cm": 9, "45 cm": 7 }, sizeSurcharge: { "45 cm": 300_00 } }],
    art: { kind: "colgante-gota", metal: "oro-blanco", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 15,
    slug: "collar-corazon-eterno",
    category: "necklaces",
    name: "Collar Corazón Eterno",
    description:
      "Dije de corazón con un pequeño brillante al centro y cadena ajustable. El regalo ideal para el Día de las Madres.",
    material: "Oro rosa 14k",
    price: 2_890_00,
    originalPrice: 3_290_00,
    isNew: true,
    daysAgo: 6,
    variants: [{ sizes: { "40 cm": 14, "45 cm": 11 } }],
    art: { kind: "colgante-corazon", metal: "oro-rosa", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 16,
    slug: "collar-perlas-clasico",
    category: "necklaces",
    name: "Collar de Perlas Clásico",
    description:
      "Hilo de perlas cultivadas de 7 mm, anudadas una a una, con broche de oro. La pieza que nunca pasa de moda.",
    material: "Perlas cultivadas y oro 14k",
    price: 6_450_00,
    isFeatured: true,
    daysAgo: 190,
    variants: [{ sizes: { "40 cm": 6, "45 cm": 4 }, sizeSurcharge: { "45 cm": 600_00 } }],
    art: { kind: "collar-perlas", metal: "oro", gem: "perla" },
    gallery: ["detalle"],
  },
  {
    id: 17,
    slug: "cadena-cubana-5mm",
    category: "necklaces",
    name: "Cadena Cubana 5 mm",
    description: "Cadena cubana maciza de 5 mm con broche de caja de doble seguro. Peso aproximado de 14 g en 45 cm.",
    material: "Oro 14k",
    price: 9_400_00,
    daysAgo: 240,
    variants: [{ sizes: { "45 cm": 4, "50 cm": 3 }, sizeSurcharge: { "50 cm": 1_100_00 } }],
    art: { kind: "cadena-cubana", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 18,
    slug: "gargantilla-riviera",
    category: "necklaces",
    name: "Gargantilla Riviera",
    description:
      "Cuarenta y cinco diamantes graduados en montura de cuatro uñas: 2 ct de luz alrededor del cuello. Para las grandes ocasiones.",
    material: "Oro blanco 18k",
    price: 24_500_00,
    daysAgo: 100,
    stock: 3,
    art: { kind: "riviera", metal: "oro-blanco", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 19,
    slug: "collar-esmeralda-colombiana",
    category: "necklaces",
    name: "Collar Esmeralda Colombiana",
    description:
      "Esmeralda colombiana con halo de brillantes sobre cadena tipo rolo. Un verde profundo que resalta en tonos de piel cálidos.",
    material: "Oro 18k",
    price: 9_200_00,
    daysAgo: 85,
    stock: 12,
    art: { kind: "colgante-halo", metal: "oro", gem: "esmeralda" },
    gallery: ["detalle"],
  },
  {
    id: 20,
    slug: "collar-medalla-sol",
    category: "necklaces",
    name: "Collar Medalla Sol",
    description:
      "Medalla redonda con un sol grabado a mano, inspirada en la orfebrería mexicana. Cadena de 45 cm con extensión.",
    material: "Plata .925 con baño de oro",
    price: 1_190_00,
    isNew: true,
    daysAgo: 17,
    stock: 58,
    art: { kind: "medalla-sol", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 21,
    slug: "collar-luna-estrella",
    category: "necklaces",
    name: "Collar Luna y Estrella",
    description:
      "Media luna y una estrella con circonias que se mueven libremente sobre una cadena fina. Ligero y muy femenino.",
    material: "Plata .925",
    price: 950_00,
    originalPrice: 1_450_00,
    daysAgo: 60,
    stock: 64,
    art: { kind: "luna-estrella", metal: "plata", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 22,
    slug: "collar-zafiro-solitario",
    category: "necklaces",
    name: "Collar Zafiro Solitario",
    description:
      "Zafiro azul redondo en bisel de oro blanco, sobre cadena tipo veneciana. Minimalista, ideal para uso diario.",
    material: "Oro blanco 14k",
    price: 8_400_00,
    daysAgo: 140,
    variants: [{ sizes: { "40 cm": 12, "45 cm": 14 } }],
    art: { kind: "colgante-solitario", metal: "oro-blanco", gem: "zafiro" },
    gallery: ["detalle"],
  },
  {
    id: 23,
    slug: "cadena-singapur",
    category: "necklaces",
    name: "Cadena Singapur",
    description:
      "Cadena torzal tipo Singapur de 1.2 mm que refleja la luz en cada eslabón. Perfecta para llevar sola o con un dije.",
    material: "Plata .925",
    price: 890_00,
    daysAgo: 260,
    variants: [{ sizes: { "40 cm": 0, "45 cm": 38 }, sizeSurcharge: { "45 cm": 100_00 } }],
    art: { kind: "cadena-fina", metal: "plata" },
    gallery: ["detalle"],
  },
  {
    id: 24,
    slug: "collar-doble-capa",
    category: "necklaces",
    name: "Collar Doble Capa",
    description:
      "Dos cadenas en un solo broche: una con perlitas y otra lisa, para lograr el efecto de capas sin que se enreden.",
    material: "Plata .925 con baño de oro",
    price: 1_390_00,
    isNew: true,
    isFeatured: true,
    daysAgo: 4,
    stock: 35,
    art: { kind: "doble-capa", metal: "oro", gem: "perla" },
    gallery: ["detalle"],
  },
  {
    id: 25,
    slug: "collar-amatista-lagrima",
    category: "necklaces",
    name: "Collar Amatista Lágrima",
    description:
      "Amatista en forma de lágrima con facetas que juegan con la luz. Se dice que la amatista trae calma y claridad.",
    material: "Plata .925",
    price: 1_690_00,
    daysAgo: 170,
    stock: 0,
    art: { kind: "colgante-gota", metal: "plata", gem: "amatista" },
    gallery: ["detalle"],
  },
  {
    id: 26,
    slug: "collar-rubi-vintage",
    category: "necklaces",
    name: "Collar Rubí Vintage",
    description:
      "Rubí oval rodeado de brillantes en un diseño de inspiración art déco. Un rojo intenso para las noches especiales.",
    material: "Oro 14k",
    price: 6_990_00,
    originalPrice: 8_790_00,
    daysAgo: 115,
    stock: 8,
    art: { kind: "colgante-halo", metal: "oro", gem: "rubi" },
    gallery: ["detalle"],
  },

  // ── Pulseras ──
  {
    id: 27,
    slug: "pulsera-tenis-brillantes",
    category: "bracelets",
    name: "Pulsera Tenis Brillantes",
    description:
      "Línea continua de diamantes de 1.5 mm (1 ct en total) con broche de lengüeta y doble seguro. La pulsera más deseada.",
    material: "Oro blanco 14k",
    price: 16_800_00,
    isFeatured: true,
    daysAgo: 125,
    variants: [{ sizes: { "16 cm": 3, "18 cm": 4 }, sizeSurcharge: { "18 cm": 1_400_00 } }],
    art: { kind: "tenis", metal: "oro-blanco", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 28,
    slug: "pulsera-tenis-zirconias",
    category: "bracelets",
    name: "Pulsera Tenis Zirconias",
    description:
      "El brillo de la pulsera tenis a un precio accesible: zirconias de 2 mm talla brillante engastadas en plata rodinada.",
    material: "Plata .925",
    price: 1_490_00,
    originalPrice: 1_990_00,
    daysAgo: 90,
    variants: [{ sizes: { "16 cm": 18, "18 cm": 25, "20 cm": 12 } }],
    art: { kind: "tenis", metal: "plata", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 29,
    slug: "esclava-lisa",
    category: "bracelets",
    name: "Esclava Lisa",
    description:
      "Esclava rígida de oro con bisagra y broche invisible, pulida a mano. Se abre para ponerla y cerrarla con facilidad.",
    material: "Oro 14k",
    price: 8_950_00,
    daysAgo: 210,
    stock: 27,
    art: { kind: "esclava", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 30,
    slug: "pulsera-de-dijes",
    category: "bracelets",
    name: "Pulsera de Dijes",
    description:
      "Cadena rolo con cuatro dijes: corazón, estrella, luna y un círculo con circonia. Puedes añadir más dijes cuando quieras.",
    material: "Plata .925",
    price: 1_790_00,
    isNew: true,
    daysAgo: 11,
    variants: [{ sizes: { "16 cm": 10, "18 cm": 16, "20 cm": 9 } }],
    art: { kind: "dijes", metal: "plata", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 31,
    slug: "brazalete-rigido-ancho",
    category: "bracelets",
    name: "Brazalete Rígido Ancho",
    description:
      "Brazalete abierto de 12 mm con acabado satinado y bordes pulidos. Una declaración de estilo que se ajusta a la muñeca.",
    material: "Oro rosa 14k",
    price: 7_450_00,
    daysAgo: 145,
    stock: 18,
    art: { kind: "brazalete-ancho", metal: "oro-rosa" },
    gallery: ["detalle"],
  },
  {
    id: 32,
    slug: "pulsera-de-perlas",
    category: "bracelets",
    name: "Pulsera de Perlas",
    description:
      "Perlas cultivadas de 6 mm anudadas a mano con broche de plata. Combínala con el Collar de Perlas Clásico.",
    material: "Perlas cultivadas y plata .925",
    price: 1_350_00,
    daysAgo: 175,
    variants: [{ sizes: { "16 cm": 12, "18 cm": 20 } }],
    art: { kind: "pulsera-perlas", metal: "plata", gem: "perla" },
    gallery: ["detalle"],
  },
  {
    id: 33,
    slug: "pulsera-eslabones-rolo",
    category: "bracelets",
    name: "Pulsera Eslabones Rolo",
    description:
      "Eslabones redondos de 4 mm que se sienten sólidos y suaves en la muñeca. Un básico que combina con todo.",
    material: "Oro 14k",
    price: 5_600_00,
    daysAgo: 250,
    variants: [{ sizes: { "18 cm": 14, "20 cm": 11 }, sizeSurcharge: { "20 cm": 600_00 } }],
    art: { kind: "eslabones", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 34,
    slug: "pulsera-tenis-esmeraldas",
    category: "bracelets",
    name: "Pulsera Tenis Esmeraldas",
    description:
      "Esmeraldas talla redonda alternadas con brillantes en una línea flexible. Color y brillo en una pieza de colección.",
    material: "Oro 14k",
    price: 13_900_00,
    originalPrice: 17_500_00,
    daysAgo: 80,
    variants: [{ sizes: { "16 cm": 2, "18 cm": 3 } }],
    art: { kind: "tenis", metal: "oro", gem: "esmeralda" },
    gallery: ["detalle"],
  },
  {
    id: 35,
    slug: "pulsera-corazones",
    category: "bracelets",
    name: "Pulsera Corazones",
    description:
      "Cadena fina con pequeños corazones pulidos a lo largo. Romántica y delicada para regalar en San Valentín.",
    material: "Oro rosa 14k",
    price: 3_250_00,
    isNew: true,
    isFeatured: true,
    daysAgo: 2,
    variants: [{ sizes: { "16 cm": 15, "18 cm": 20 } }],
    art: { kind: "corazones", metal: "oro-rosa" },
    gallery: ["detalle"],
  },
  {
    id: 36,
    slug: "pulsera-infinito",
    category: "bracelets",
    name: "Pulsera Infinito",
    description:
      "El símbolo del infinito al centro de una cadena ajustable. Un recordatorio de los lazos que duran para siempre.",
    material: "Plata .925 con baño de oro",
    price: 990_00,
    daysAgo: 55,
    stock: 72,
    art: { kind: "infinito", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 37,
    slug: "brazalete-zafiros",
    category: "bracelets",
    name: "Brazalete Zafiros",
    description:
      "Esclava rígida con siete zafiros azules engastados al frente. Una joya de noche con el azul más elegante.",
    material: "Oro blanco 14k",
    price: 11_200_00,
    daysAgo: 135,
    stock: 0,
    art: { kind: "esclava-gemas", metal: "oro-blanco", gem: "zafiro" },
    gallery: ["detalle"],
  },
  {
    id: 38,
    slug: "pulsera-cadena-barbada",
    category: "bracelets",
    name: "Pulsera Cadena Barbada",
    description: "Cadena barbada diamantada de 6 mm con broche de langosta. Presencia y brillo para él o para ella.",
    material: "Plata .925",
    price: 1_190_00,
    daysAgo: 230,
    variants: [{ sizes: { "18 cm": 22, "20 cm": 26 } }],
    art: { kind: "barbada", metal: "plata" },
    gallery: ["detalle"],
  },
  {
    id: 39,
    slug: "pulsera-rubies-delicada",
    category: "bracelets",
    name: "Pulsera Rubíes Delicada",
    description:
      "Cadena finísima con cinco rubíes en bisel repartidos como gotas de color. Para llevar sola o en capas.",
    material: "Oro 14k",
    price: 4_350_00,
    originalPrice: 5_450_00,
    daysAgo: 65,
    variants: [{ sizes: { "16 cm": 7, "18 cm": 0 } }],
    art: { kind: "estaciones", metal: "oro", gem: "rubi" },
    gallery: ["detalle"],
  },

  // ── Pendientes ──
  {
    id: 40,
    slug: "broqueles-brillante-solitario",
    category: "earrings",
    name: "Broqueles Brillante Solitario",
    description:
      "Par de diamantes talla brillante de 0.25 ct cada uno en montura de cuatro uñas, con mariposa de presión segura.",
    material: "Oro blanco 14k",
    price: 9_600_00,
    isFeatured: true,
    daysAgo: 155,
    variants: [
      { model: "Oro blanco", metal: "oro-blanco", stock: 9 },
      { model: "Oro amarillo", metal: "oro", stock: 6 },
    ],
    art: { kind: "broqueles", metal: "oro-blanco", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 41,
    slug: "arracadas-clasicas-2cm",
    category: "earrings",
    name: "Arracadas Clásicas 2 cm",
    description:
      "Arracadas huecas de 2 cm con cierre de bisagra, ligeras para usarlas todo el día. Un infaltable del joyero mexicano.",
    material: "Oro 14k",
    price: 3_950_00,
    daysAgo: 235,
    variants: [
      { model: "Oro amarillo", metal: "oro", stock: 22 },
      { model: "Oro blanco", metal: "oro-blanco", stock: 14 },
      { model: "Oro rosa", metal: "oro-rosa", price: 4_150_00, stock: 0 },
    ],
    art: { kind: "arracadas", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 42,
    slug: "arracadas-grandes-4cm",
    category: "earrings",
    name: "Arracadas Grandes 4 cm",
    description:
      "Arracadas de 4 cm con tubo de 3 mm, llamativas pero ligeras. Baño de oro de 18k sobre plata esterlina.",
    material: "Plata .925 con baño de oro",
    price: 1_090_00,
    originalPrice: 1_590_00,
    daysAgo: 50,
    stock: 66,
    art: { kind: "arracadas-grandes", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 43,
    slug: "broqueles-de-perla",
    category: "earrings",
    name: "Broqueles de Perla",
    description:
      "Perlas cultivadas de 8 mm con lustre espejo sobre poste de oro. La elegancia más sencilla para cualquier ocasión.",
    material: "Oro 14k",
    price: 1_850_00,
    isNew: true,
    daysAgo: 24,
    stock: 41,
    art: { kind: "broqueles-perla", metal: "oro", gem: "perla" },
    gallery: ["detalle"],
  },
  {
    id: 44,
    slug: "aretes-gota-esmeralda",
    category: "earrings",
    name: "Aretes Gota Esmeralda",
    description:
      "Esmeraldas talla pera que cuelgan de un brillante, con gancho francés. Movimiento y color que enmarcan el rostro.",
    material: "Oro 18k",
    price: 9_450_00,
    daysAgo: 105,
    stock: 4,
    art: { kind: "aretes-gota", metal: "oro", gem: "esmeralda" },
    gallery: ["detalle"],
  },
  {
    id: 45,
    slug: "aretes-gota-zafiro",
    category: "earrings",
    name: "Aretes Gota Zafiro",
    description:
      "Zafiros azules talla pera suspendidos de un gancho de oro blanco. Una pieza sofisticada para bodas y eventos.",
    material: "Oro blanco 14k",
    price: 8_200_00,
    daysAgo: 165,
    stock: 26,
    art: { kind: "aretes-gota", metal: "oro-blanco", gem: "zafiro" },
    gallery: ["detalle"],
  },
  {
    id: 46,
    slug: "arracadas-huggie-brillantes",
    category: "earrings",
    name: "Arracadas Huggie Brillantes",
    description:
      "Arracadas pequeñas que abrazan el lóbulo, con una fila de brillantes al frente. Cómodas para dormir y para el día a día.",
    material: "Oro 14k",
    price: 4_650_00,
    isNew: true,
    isFeatured: true,
    daysAgo: 7,
    variants: [
      { model: "Oro amarillo", metal: "oro", stock: 12 },
      { model: "Oro rosa", metal: "oro-rosa", stock: 8 },
    ],
    art: { kind: "huggies", metal: "oro", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 47,
    slug: "aretes-perla-colgante",
    category: "earrings",
    name: "Aretes Perla Colgante",
    description:
      "Perla de agua dulce en forma de gota que cuelga de un gancho de plata. Lucen preciosos con el cabello recogido.",
    material: "Plata .925",
    price: 980_00,
    daysAgo: 185,
    stock: 53,
    art: { kind: "perla-colgante", metal: "plata", gem: "perla" },
    gallery: ["detalle"],
  },
  {
    id: 48,
    slug: "broqueles-corazon-rubi",
    category: "earrings",
    name: "Broqueles Corazón Rubí",
    description:
      "Pequeños corazones de rubí en montura de tres uñas. Un toque de color romántico, perfecto para regalar.",
    material: "Oro rosa 14k",
    price: 2_450_00,
    originalPrice: 3_250_00,
    daysAgo: 45,
    stock: 34,
    art: { kind: "broqueles-corazon", metal: "oro-rosa", gem: "rubi" },
    gallery: ["detalle"],
  },
  {
    id: 49,
    slug: "aretes-amatista",
    category: "earrings",
    name: "Aretes Amatista",
    description:
      "Amatistas talla pera que cuelgan de un gancho de plata pulida. Color violeta intenso para dar vida a cualquier atuendo.",
    material: "Plata .925",
    price: 1_250_00,
    daysAgo: 195,
    stock: 0,
    art: { kind: "aretes-gota", metal: "plata", gem: "amatista" },
    gallery: ["detalle"],
  },
  {
    id: 50,
    slug: "broqueles-estrella",
    category: "earrings",
    name: "Broqueles Estrella",
    description:
      "Estrellas de cinco puntas con una circonia al centro. Pequeños, brillantes y perfectos para un segundo agujero.",
    material: "Plata .925 con baño de oro",
    price: 890_00,
    isNew: true,
    daysAgo: 27,
    stock: 78,
    art: { kind: "broqueles-estrella", metal: "oro", gem: "diamante" },
    gallery: ["detalle"],
  },
  {
    id: 51,
    slug: "arracadas-filigrana-oaxaquena",
    category: "earrings",
    name: "Arracadas de Filigrana Oaxaqueña",
    description:
      "Arracadas tejidas a mano con hilos de plata por artesanos de Oaxaca y bañadas en oro. Tradición mexicana hecha joya.",
    material: "Plata .925 con baño de oro",
    price: 1_690_00,
    isFeatured: true,
    daysAgo: 88,
    stock: 19,
    art: { kind: "filigrana", metal: "oro" },
    gallery: ["detalle"],
  },
  {
    id: 52,
    slug: "broqueles-zafiro",
    category: "earrings",
    name: "Broqueles Zafiro",
    description:
      "Zafiros azules redondos de 5 mm en bisel de oro blanco. Discretos y elegantes, con mariposa de presión.",
    material: "Oro blanco 14k",
    price: 4_900_00,
    originalPrice: 6_500_00,
    daysAgo: 38,
    stock: 29,
    art: { kind: "broqueles", metal: "oro-blanco", gem: "zafiro" },
    gallery: ["detalle"],
  },
];

// ───────────────────────────── Reviews ─────────────────────────────

export type SeedReview = { email: string; productId: number; rating: number; comment: string; daysAgo: number };

export const REVIEWS: readonly SeedReview[] = [
  {
    email: CUSTOMER_ACCOUNT.email,
    productId: 2,
    rating: 5,
    comment: "Me encantó, el tono de oro rosa es precioso y la talla fue exacta. Llegó en un estuche muy elegante.",
    daysAgo: 3,
  },
  {
    email: "mariafernanda.lopez@joyeria.test",
    productId: 2,
    rating: 4,
    comment: "Muy bonito y delicado. El corazón es un poco más pequeño de lo que imaginaba, pero brilla muchísimo.",
    daysAgo: 1,
  },
  {
    email: "diego.hernandez@joyeria.test",
    productId: 1,
    rating: 5,
    comment: "Lo compré para pedirle matrimonio a mi novia y dijo que sí. El diamante se ve espectacular con la luz.",
    daysAgo: 96,
  },
  {
    email: "sofia.ramirez@joyeria.test",
    productId: 1,
    rating: 5,
    comment: "Calidad impecable y el certificado llegó con el anillo. La atención por WhatsApp fue excelente.",
    daysAgo: 41,
  },
  {
    email: CUSTOMER_ACCOUNT.email,
    productId: 16,
    rating: 5,
    comment: "Las perlas tienen un lustre hermoso y el broche se siente muy seguro. Se lo regalé a mi mamá y lloró.",
    daysAgo: 120,
  },
  {
    email: "mariafernanda.lopez@joyeria.test",
    productId: 41,
    rating: 5,
    comment:
      "Mis arracadas favoritas: ligeras, el cierre es firme y no se ponen negras. Ya pedí otro par en oro blanco.",
    daysAgo: 150,
  },
  {
    email: "sofia.ramirez@joyeria.test",
    productId: 41,
    rating: 4,
    comment: "Muy buenas, aunque tardaron cuatro días en llegar a Monterrey. El oro tiene un color muy bonito.",
    daysAgo: 62,
  },
  {
    email: "diego.hernandez@joyeria.test",
    productId: 17,
    rating: 4,
    comment: "Cadena sólida y bien hecha, se nota el peso. Me hubiera gustado un estuche más grande para guardarla.",
    daysAgo: 77,
  },
  {
    email: CUSTOMER_ACCOUNT.email,
    productId: 28,
    rating: 3,
    comment: "Brilla bonito pero el broche me costó trabajo al principio. Por el precio está bien.",
    daysAgo: 33,
  },
  {
    email: "sofia.ramirez@joyeria.test",
    productId: 27,
    rating: 5,
    comment: "Es la pulsera de mis sueños. Cada piedra está perfectamente alineada y el broche tiene doble seguro.",
    daysAgo: 58,
  },
  {
    email: CUSTOMER_ACCOUNT.email,
    productId: 43,
    rating: 5,
    comment: "Perfectos para el trabajo, las perlas son uniformes y el poste de oro no me irrita la oreja.",
    daysAgo: 12,
  },
  {
    email: "mariafernanda.lopez@joyeria.test",
    productId: 51,
    rating: 5,
    comment: "Qué orgullo llevar trabajo artesanal de Oaxaca. El tejido de la filigrana es finísimo, me chulean mucho.",
    daysAgo: 30,
  },
  {
    email: "diego.hernandez@joyeria.test",
    productId: 9,
    rating: 4,
    comment: "El ónix tiene un negro muy profundo y el grabado de mis iniciales quedó perfecto. Talla justa.",
    daysAgo: 140,
  },
  {
    email: "sofia.ramirez@joyeria.test",
    productId: 35,
    rating: 5,
    comment: "Delicada y preciosa, la uso diario junto con mi reloj. El color oro rosa es muy favorecedor.",
    daysAgo: 1,
  },
];

// ───────────────────────────── Rows ─────────────────────────────
// The exact rows the seed writes, derived from the lists above.

export type ProductRow = {
  id: number;
  name: string;
  description: string;
  material: string;
  price: number;
  originalPrice: number | null;
  image: string;
  categoryId: number;
  /** Only for a product without variants. */
  stock?: number;
  inStock: boolean;
  isNew: boolean;
  isFeatured: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type VariantRow = {
  id: number;
  productId: number;
  name: string;
  model: string | null;
  size: string | null;
  price: number;
  originalPrice: number | null;
  stock: number;
  image: string | null;
  material: string | null;
  sortOrder: number;
};

export type ImageRow = { id: number; url: string; alt: string; sortOrder: number };
export type ProductImageRow = ImageRow & { productId: number };
export type VariantImageRow = ImageRow & { variantId: number };

/** One picture file the generator draws. */
export type ImageFile = { url: string; title: string; art: Art; composition: Composition; productId: number };

const COMPOSITION_ALT: Record<Composition, string> = {
  principal: "",
  detalle: ", detalle de cerca",
};

const METAL_LABEL: Record<MetalKey, string> = {
  oro: "oro amarillo",
  "oro-blanco": "oro blanco",
  "oro-rosa": "oro rosa",
  plata: "plata",
};

function altText(p: SeedProduct, composition: Composition, metal?: MetalKey): string {
  const inMetal = metal ? ` en ${METAL_LABEL[metal]}` : "";
  return `${p.name}${inMetal}${COMPOSITION_ALT[composition]}`;
}

/** Fixed ids: variant = product × 100 + n, picture = owner × 10 + n (n from 1). */
/**
 * A variant in a metal of its own has its own material: its model with the product's karat (the
 * "Oro amarillo" model of an "Oro blanco 14k" ring is "Oro amarillo 14k"). Other variants (sizes
 * only) have none and show the product's.
 */
function variantMaterial(p: SeedProduct, group: SeedVariantGroup): string | null {
  if (!group.metal || !group.model) return null;
  const karat = /\b\d{2}k\b/i.exec(p.material)?.[0];
  return karat ? `${group.model} ${karat}` : group.model;
}

export function variantRows(p: SeedProduct): VariantRow[] {
  const rows: VariantRow[] = [];
  for (const group of p.variants ?? []) {
    const metal = group.metal;
    const image = metal ? imageUrl(p.slug, "principal", metal === p.art.metal ? undefined : metal) : null;
    const price = group.price ?? p.price;
    const originalPrice = group.originalPrice !== undefined ? group.originalPrice : (p.originalPrice ?? null);
    const sizes: [string | null, number][] = group.sizes ? Object.entries(group.sizes) : [[null, group.stock ?? 0]];
    for (const [size, stock] of sizes) {
      const surcharge = size ? (group.sizeSurcharge?.[size] ?? 0) : 0;
      const n = rows.length + 1;
      rows.push({
        id: p.id * 100 + n,
        productId: p.id,
        name: variantName({ model: group.model ?? null, size }),
        model: group.model ?? null,
        size,
        price: price + surcharge,
        originalPrice: originalPrice === null ? null : originalPrice + surcharge,
        stock,
        image,
        material: variantMaterial(p, group),
        sortOrder: n,
      });
    }
  }
  return rows;
}

export function productRow(p: SeedProduct): ProductRow {
  // A product with variants takes its stock from them (the sum, kept by a database trigger, which
  // refuses any other number): the row leaves it out.
  const stock = variantRows(p).length > 0 ? {} : { stock: p.stock ?? 0 };
  const createdAt = daysBefore(p.daysAgo, p.id % 9);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    material: p.material,
    price: p.price,
    originalPrice: p.originalPrice ?? null,
    image: imageUrl(p.slug, "principal"),
    categoryId: CATEGORY_ID[p.category],
    ...stock,
    inStock: true,
    isNew: p.isNew ?? false,
    isFeatured: p.isFeatured ?? false,
    createdAt,
    // Fixed as well, so that reseeding leaves byte-identical rows.
    updatedAt: createdAt,
  };
}

export function productImageRows(p: SeedProduct): ProductImageRow[] {
  const compositions: Composition[] = ["principal", ...p.gallery];
  return compositions.map((c, i) => ({
    id: p.id * 10 + i + 1,
    productId: p.id,
    url: imageUrl(p.slug, c),
    alt: altText(p, c),
    sortOrder: i,
  }));
}

/** Variants in another metal than the product's get their own main picture and close-up. */
export function variantImageRows(p: SeedProduct): VariantImageRow[] {
  const rows: VariantImageRow[] = [];
  for (const v of variantRows(p)) {
    const metal = p.variants?.find((g) => g.model === v.model)?.metal;
    if (!metal || metal === p.art.metal) continue;
    (["principal", "detalle"] as const).forEach((c, i) => {
      rows.push({
        id: v.id * 10 + i + 1,
        variantId: v.id,
        url: imageUrl(p.slug, c, metal),
        alt: altText(p, c, metal),
        sortOrder: i,
      });
    });
  }
  return rows;
}

/** Every picture file referenced by the rows above, once each. */
export function imageFiles(): ImageFile[] {
  const files = new Map<string, ImageFile>();
  for (const p of PRODUCTS) {
    for (const c of ["principal", ...p.gallery] as Composition[]) {
      files.set(imageUrl(p.slug, c), {
        url: imageUrl(p.slug, c),
        title: altText(p, c),
        art: p.art,
        composition: c,
        productId: p.id,
      });
    }
    for (const group of p.variants ?? []) {
      const metal = group.metal;
      if (!metal || metal === p.art.metal) continue;
      for (const c of ["principal", "detalle"] as const) {
        const url = imageUrl(p.slug, c, metal);
        files.set(url, { url, title: altText(p, c, metal), art: { ...p.art, metal }, composition: c, productId: p.id });
      }
    }
  }
  return [...files.values()];
}
