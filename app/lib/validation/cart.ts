import { z } from "zod";
import { CART_MESSAGES, LINE_KEY_PATTERN } from "~/lib/cart-messages";
import { idField } from "./id-field";

/**
 * What the /cart action accepts: one schema per `intent`, joined on that field. Ids and line keys
 * are written by the shop's own pages, so a bad one is a malformed request (a 400), not a
 * shopper's mistake; quantities are typed by the shopper and get the cart's own message.
 */

export const CART_BAD_REQUEST = "Solicitud no válida";

const Id = idField(CART_BAD_REQUEST);

/** A variant id, or none: the product's first variant in stock (or the product itself). */
const OptionalVariantId = z
  .union([z.literal("base"), Id], { errorMap: () => ({ message: CART_BAD_REQUEST }) })
  .optional()
  .transform((value) => (value === undefined || value === "base" ? null : value));

/** Any whole number; the cart model applies the limits (at least one piece, the stock, 99). */
const Quantity = z
  .string({ required_error: CART_MESSAGES.invalid_quantity, invalid_type_error: CART_MESSAGES.invalid_quantity })
  .trim()
  .regex(/^-?\d{1,6}$/, CART_MESSAGES.invalid_quantity)
  .transform(Number);

const LineKey = z
  .string({ required_error: CART_BAD_REQUEST, invalid_type_error: CART_BAD_REQUEST })
  .regex(LINE_KEY_PATTERN, CART_BAD_REQUEST);

export const CartActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      productId: Id,
      variantId: OptionalVariantId,
      quantity: Quantity.optional().transform((quantity) => quantity ?? 1),
    }),
    z.object({ intent: z.literal("set-quantity"), lineKey: LineKey, quantity: Quantity }),
    z.object({ intent: z.literal("remove"), lineKey: LineKey }),
    z.object({ intent: z.literal("clear") }),
  ],
  { errorMap: () => ({ message: CART_BAD_REQUEST }) },
);

export type CartCommand = z.infer<typeof CartActionSchema>;
export type CartIntent = CartCommand["intent"];
