/** Business constants, in one place. Money in centavos. */

export const SHOP_NAME = "Joyería Aurora";

/** Fixed shipping fee: 15 MXN. */
export const SHIPPING_FEE = 15_00;
/** VAT (IVA) rate applied to the subtotal. */
export const VAT_RATE = 0.16;
export const VAT_LABEL = "IVA (16%)";
export const COUNTRY = "México";

export const PHONE_DIGITS = 10;
export const POSTAL_CODE_DIGITS = 5;
export const PASSWORD_MIN_LENGTH = 6;
export const REVIEW_MIN_LENGTH = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;

/** Search price filter, in pesos. */
export const SEARCH_PRICE_MIN = 0;
export const SEARCH_PRICE_MAX = 10_000;
export const SEARCH_PRICE_STEP = 100;

/** A product is "low stock" (Restantes N) when 1 ≤ stock ≤ 20. */
export const LOW_STOCK_MAX = 20;

/** The panel's home lists a variant (or a product without variants) with this many pieces or fewer. */
export const LOW_STOCK_ALERT = 3;

/** The panel's home shows this many days of sales, today included. */
export const DASHBOARD_DAYS = 30;

export const DEFAULT_CARD_QUANTITY = 1;
export const RELATED_PRODUCTS_LIMIT = 8;

/** Cards per page of a category, a collection and search results (`?pagina=N`). */
export const GRID_PAGE_SIZE = 24;
/**
 * Cards per page of the plain home's grid (`/`, `/?pagina=N`): its first screen already shows eight
 * pieces in the Más vendidos and gift rows, and the home's HTML stays within 60 KB
 * (docs/decisions/060-home-first-grid-page.md). Whole rows at 2, 3 and 4 columns.
 */
export const HOME_GRID_PAGE_SIZE = 12;
/** Highest page number served; deeper pages would only be crawler traps with ever larger offsets. */
export const GRID_MAX_PAGE = 500;

export const ADD_TO_CART_FEEDBACK_MS = 2000;
export const RESET_REDIRECT_MS = 2000;
export const ADMIN_TAB_FLASH_MS = 500;

export const NEWSLETTER_INTERESTS = [
  "Anillos",
  "Collares",
  "Pulseras",
  "Pendientes",
  "Novedades",
  "Ofertas especiales",
] as const;

/** Default category id of a new product. */
export const DEFAULT_CATEGORY_ID = 1;

/** Navigation categories: the ids and labels, in order. */
export const CATEGORY_NAV = [
  { id: "all", label: "Todo" },
  { id: "rings", label: "Anillos" },
  { id: "necklaces", label: "Collares" },
  { id: "bracelets", label: "Pulseras" },
  { id: "earrings", label: "Pendientes" },
] as const;

export type CategoryId = (typeof CATEGORY_NAV)[number]["id"];

export function isCategoryId(value: unknown): value is CategoryId {
  return CATEGORY_NAV.some((c) => c.id === value);
}

/** Local-storage key for the category chosen off the home page. */
export const SELECTED_CATEGORY_KEY = "selected-category";

export const CONTACT = {
  address: "Av. Presidente Masaryk 123, Polanco, Miguel Hidalgo, 11560 Ciudad de México",
  phone: "+52 55 1234 5678",
  email: "hola@joyeriaaurora.mx",
  hours: [
    { days: "Lunes a viernes", time: "09:00 – 19:00" },
    { days: "Sábado", time: "09:00 – 14:00" },
  ],
  social: [
    { name: "Instagram", href: "https://www.instagram.com/" },
    { name: "Facebook", href: "https://www.facebook.com/" },
    { name: "TikTok", href: "https://www.tiktok.com/" },
  ],
} as const;
