import { z } from "zod";
import { idField } from "./id-field";
import { text } from "./text";

/** "Avísame cuando vuelva": the piece, its size or model (none: the piece), and the address to write to. */
export const STOCK_ALERT_MESSAGES = {
  emailRequired: "Escribe tu correo para avisarte",
  emailInvalid: "Escribe un correo válido",
  notFound: "Esta pieza ya no está disponible en la tienda",
  inStock: "¡Buenas noticias! Esta pieza ya está disponible: puedes comprarla ahora.",
  done: "Listo: te escribiremos una sola vez, cuando vuelva.",
  cancelled: "Listo: cancelamos el aviso. No te escribiremos por esta pieza.",
  unknownToken: "Este enlace ya no es válido: el aviso ya se envió o se canceló.",
} as const;

export const StockAlertSchema = z.object({
  productId: idField(STOCK_ALERT_MESSAGES.notFound),
  variantId: z.preprocess((v) => (v === "" ? undefined : v), idField(STOCK_ALERT_MESSAGES.notFound).optional()),
  /** Absent for a signed-in shopper (their account's address). */
  email: text({ required: STOCK_ALERT_MESSAGES.emailRequired })
    .pipe(z.string().max(254, STOCK_ALERT_MESSAGES.emailInvalid).email(STOCK_ALERT_MESSAGES.emailInvalid))
    .optional(),
});

/** An unsubscribe link's token: what `requestStockAlert` writes (base64url, 32 characters). */
export const STOCK_ALERT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
