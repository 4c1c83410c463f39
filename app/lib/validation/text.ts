import { z } from "zod";

export const INVALID_CHARACTERS_MESSAGE = "Contiene caracteres no válidos";

/**
 * C0 and C1 control characters, NUL included. Nobody types them; they come from pasted binary or
 * forged requests, and PostgreSQL refuses NUL in a text column (a 500 instead of a message).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same set minus tab, line feed and carriage return, which a multi-line field may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

type TextOptions = {
  /** Message for a missing or blank value. Without it the field may be left empty (add `.optional()`). */
  required?: string;
  /** Allows tabs and line breaks (text areas). */
  multiline?: boolean;
  /** Passwords are kept exactly as typed; everything else loses surrounding spaces. */
  trim?: boolean;
};

/**
 * The base of every string field of every form: trims, then refuses control characters with a
 * Spanish message (and a blank required value with its own). Further rules go in `.pipe()`,
 * which runs only when this base passed, so a field shows one message at a time.
 *
 * @example text({ required: "El nombre es requerido" }).pipe(z.string().max(100, "…"))
 */
export function text({ required, multiline = false, trim = true }: TextOptions = {}) {
  const forbidden = multiline ? CONTROL_CHARACTERS_EXCEPT_LINES : CONTROL_CHARACTERS;
  return z
    .string(required ? { required_error: required, invalid_type_error: required } : undefined)
    .transform((value) => (trim ? value.trim() : value))
    .superRefine((value, ctx) => {
      if (forbidden.test(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: INVALID_CHARACTERS_MESSAGE, fatal: true });
      } else if (required && value === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: required, fatal: true });
      }
    });
}
