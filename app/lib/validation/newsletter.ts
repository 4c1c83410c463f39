import { z } from "zod";
import { NEWSLETTER_INTERESTS } from "~/lib/constants";
import { text } from "./text";

/**
 * The newsletter box and the unsubscribe page: schemas shared by the actions and the browser, and
 * the shopper-facing messages, worded exactly as the shop has always shown them.
 */

export const NEWSLETTER_MESSAGES = {
  emailInvalid: "Por favor ingresa un email válido",
  interestsInvalid: "Elige tus intereses de la lista",
  failed: "Ocurrió un error. Por favor intenta nuevamente.",
  /** Double opt-in (beyond the spec, which subscribes at once): the confirmation link's answers. */
  confirmed: "¡Listo! Tu suscripción está confirmada: pronto recibirás nuestras novedades en tu correo.",
  confirmInvalid: "Este enlace de confirmación no es válido o ya se usó.",
} as const;

export const UNSUBSCRIBE_MESSAGES = {
  done: (email: string) => `El email ${email} ha sido dado de baja correctamente.`,
  invalidToken: "Token no válido o ya estaba dado de baja.",
  processFailed: "Ocurrió un error al procesar la baja.",
  /**
   * Leaving by address takes the link e-mailed to it: one answer whether or not the address is
   * subscribed (the spec's "No encontramos suscripción con ese email." and "Este email ya estaba dado
   * de baja." told anybody who is subscribed).
   */
  linkSent: (email: string) =>
    `Si ${email} está suscrito a nuestro boletín, te enviamos un correo con el enlace para darte de baja. Ábrelo para terminar.`,
} as const;

export type NewsletterInterest = (typeof NEWSLETTER_INTERESTS)[number];

/** Where a subscription came from, kept in its metadata. */
export const NEWSLETTER_SOURCES = ["home", "newsletter-page"] as const;

const EmailField = text({ required: NEWSLETTER_MESSAGES.emailInvalid }).pipe(
  z
    .string()
    .max(254, NEWSLETTER_MESSAGES.emailInvalid)
    .email(NEWSLETTER_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
);

export const NewsletterSchema = z.object({
  email: EmailField,
  interests: z
    .array(z.enum(NEWSLETTER_INTERESTS, { errorMap: () => ({ message: NEWSLETTER_MESSAGES.interestsInvalid }) }), {
      invalid_type_error: NEWSLETTER_MESSAGES.interestsInvalid,
    })
    .max(NEWSLETTER_INTERESTS.length, NEWSLETTER_MESSAGES.interestsInvalid)
    .optional()
    // Each interest once, in the order the box lists them.
    .transform((chosen) => NEWSLETTER_INTERESTS.filter((interest) => chosen?.includes(interest))),
  // A page of the shop writes it; anything else is recorded as the home page's box.
  source: z.enum(NEWSLETTER_SOURCES).optional().catch(undefined),
});

/** Unsubscribe tokens are UUIDs; anything else cannot match and never reaches the database. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TokenField = z
  .string({ required_error: UNSUBSCRIBE_MESSAGES.invalidToken, invalid_type_error: UNSUBSCRIBE_MESSAGES.invalidToken })
  .regex(UNSUBSCRIBE_TOKEN_PATTERN, UNSUBSCRIBE_MESSAGES.invalidToken);

/**
 * What /unsubscribe accepts: the link's token, or by e-mail in two steps ("check" asks for
 * confirmation, "confirm" is the Sí, darme de baja button, which e-mails the link).
 */
export const UnsubscribeSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("token"), token: TokenField }),
    z.object({ intent: z.literal("check"), email: EmailField }),
    z.object({ intent: z.literal("confirm"), email: EmailField }),
  ],
  { errorMap: () => ({ message: "Solicitud no válida" }) },
);

/** The e-mail step's form alone, for conform's validation in the browser. */
export const UnsubscribeEmailSchema = z.object({ intent: z.literal("check"), email: EmailField });

/** The newsletter's confirmation link (/newsletter/confirmar): its token, a UUID too. */
export const ConfirmSubscriptionSchema = z.object({
  token: z
    .string({
      required_error: NEWSLETTER_MESSAGES.confirmInvalid,
      invalid_type_error: NEWSLETTER_MESSAGES.confirmInvalid,
    })
    .regex(UNSUBSCRIBE_TOKEN_PATTERN, NEWSLETTER_MESSAGES.confirmInvalid),
});
