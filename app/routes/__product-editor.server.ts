import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { ProductSchema } from "~/lib/validation/admin-product";
import { isUpload, storePhoto } from "~/models/product-photos.server";
import { EDITED_FROM, EDITOR_MESSAGES, saveAdminProduct } from "~/models/product-editor.server";
import { asksForMatrix, generateOptions } from "~/models/product-options.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";

/**
 * The product form's action, shared by "Agregar producto" and the edit page. The form posts its
 * photos with it (multipart): they are stored first and become addresses in the form, so a form
 * that comes back with an error — or with one more variant row, without JavaScript — keeps them
 * (a browser never refills a file input). Then the form is validated; nothing of the product is
 * written unless all of it is valid.
 */
export async function productEditorAction(request: Request, user: SessionUser, productId: number | null) {
  const form = await readForm(request);
  const fingerprint = form.get("editedFrom");
  const editedFrom = typeof fingerprint === "string" && EDITED_FROM.test(fingerprint) ? fingerprint : undefined;
  const photoErrors = await storeFormPhotos(form);
  const submission = parseWithZod(form, { schema: ProductSchema });
  const hasPhotoErrors = Object.keys(photoErrors).length > 0;
  // Every form that comes back keeps the product it was loaded from (a plain post is followed by a fresh
  // loader, whose fingerprint would otherwise hide a save made by someone else in between); a refusal
  // for that reason brings the product as it is now instead.
  const back = (reply: ReturnType<typeof submission.reply>, status: number, from = editedFrom) =>
    data({ ...withLists(reply), ...(from ? { editedFrom: from } : {}) }, { status });
  // *Generar combinaciones*: the form comes back with the matrix's rows (nothing saved, no field errors
  // but the photos' and the matrix's own).
  if (asksForMatrix(form)) {
    const payload = submission.payload as Record<string, unknown>;
    const { rows, answer } = generateOptions(form, payload.variants);
    const reply = withLists(submission.reply({ fieldErrors: photoErrors }));
    const initialValue = rows ? { ...reply.initialValue, variants: rows } : reply.initialValue;
    const sent = { initialValue, error: photoErrors, state: reply.state };
    return data({ ...sent, matrix: answer, ...(editedFrom ? { editedFrom } : {}) }, { status: rows ? 200 : 400 });
  }
  // A list button (add, remove, move a variant or a photo) without JavaScript: the form comes back changed.
  if (submission.status === undefined && !hasPhotoErrors) return back(submission.reply(), 200);
  if (submission.status !== "success" || hasPhotoErrors) {
    return back(submission.reply({ fieldErrors: photoErrors }), 400);
  }
  const result = await saveAdminProduct(user, productId, submission.value, editedFrom);
  if (!result.ok && result.reason === "not_found") throw new Response("Producto no encontrado", { status: 404 });
  if (!result.ok && result.reason === "edited_meanwhile") {
    // Nothing written; the person's values come back, and the product as it is now becomes what they
    // edit from, so saving again (after a look at the other changes) keeps theirs.
    return back(submission.reply({ formErrors: [EDITOR_MESSAGES.editedMeanwhile] }), 409, result.editedFrom);
  }
  if (!result.ok) {
    return back(submission.reply({ fieldErrors: result.fieldErrors, formErrors: result.formErrors }), 400);
  }
  throw redirect(`/admin/productos/${result.id}`, {
    headers: {
      "Set-Cookie": await setFlash(request, {
        kind: "success",
        message: productId === null ? "Producto agregado" : "Cambios guardados",
      }),
    },
  });
}

/**
 * The form's lists as lists in the values it gets back: one photo address comes back as a string
 * (a form field sent once), and a forged `variants=…` as a string too, where the form reads a list
 * (conform refuses to render a list field whose value is not one).
 */
function withLists<R extends { initialValue?: Record<string, unknown> | null }>(reply: R): R {
  const values = reply.initialValue;
  if (!values) return reply;
  const images = values.images;
  const variants = values.variants;
  return {
    ...reply,
    initialValue: {
      ...values,
      images: Array.isArray(images) ? images : typeof images === "string" ? [images] : [],
      variants: Array.isArray(variants) ? variants.filter((v) => typeof v === "object" && v !== null) : [],
    },
  };
}

/** `variants[3].photo` → 3 */
const VARIANT_PHOTO = /^variants\[(\d{1,3})\]\.photo$/;

/**
 * Stores the form's uploaded photos and puts their addresses in their place: new product photos are
 * added to `images`, a variant's photo becomes its `image`. Returns the refused files' messages by
 * field (a refused file is not stored; the others are).
 */
async function storeFormPhotos(form: FormData): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const uploads = [...form.entries()].filter((entry): entry is [string, File] => isUpload(entry[1]));
  for (const name of new Set([...form.keys()])) {
    if (form.getAll(name).some((value) => value instanceof File)) {
      const texts = form.getAll(name).filter((value): value is string => typeof value === "string");
      form.delete(name);
      for (const text of texts) form.append(name, text);
    }
  }
  for (const [name, file] of uploads) {
    const variant = VARIANT_PHOTO.exec(name);
    if (name !== "photos" && !variant) continue;
    const stored = await storePhoto(file);
    if (!stored.ok) {
      (errors[name] ??= []).push(`${file.name}: ${stored.message}`);
    } else if (variant) {
      form.set(`variants[${variant[1]}].image`, stored.url);
    } else {
      form.append("images", stored.url);
    }
  }
  return errors;
}
