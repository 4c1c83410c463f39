import { z } from "zod";
import { parseId } from "~/lib/ids";

/** A form field holding an id; anything else fails with `message`. */
export function idField(message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return id;
  });
}
