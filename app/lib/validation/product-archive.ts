import { z } from "zod";
import { ADMIN_BAD_REQUEST } from "./admin";

/** The product's *Archivar* / *Restaurar* confirmation: one `intent` each. */
export const ArchiveActionSchema = z.object({
  intent: z.enum(["archive", "restore"], { errorMap: () => ({ message: ADMIN_BAD_REQUEST }) }),
});
