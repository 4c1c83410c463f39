import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/** A FormData with the given text fields, as a browser would post them. */
export function formDataOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

/** Parses like an action does; the parsed value, or each field's first message. */
export function parseForm<T extends z.ZodTypeAny>(schema: T, values: Record<string, string>) {
  const submission = parseWithZod(formDataOf(values), { schema });
  if (submission.status === "success") return { value: submission.value as z.output<T> };
  const errors: Record<string, string | undefined> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) errors[name] = messages?.[0];
  return { errors };
}
