import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PHOTO_MESSAGES, saveProductPhoto } from "~/models/product-photos.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * Uploading a product photo (admins only). The only admin path with a large body limit (6 MiB, in
 * BODY_LIMITS): the form on the product page posts the file here and comes back to that page
 * with the outcome — the new photo, or the reason the file was refused (nothing saved then).
 */

function productId(params: LoaderFunctionArgs["params"]): number {
  const id = parseId(params.id);
  invariantResponse(id, "Producto no encontrado", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  throw redirect(`/admin/productos/${productId(params)}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const id = productId(params);
  const form = await readForm(request);
  const result = await saveProductPhoto(user, id, form.get("photo"));
  const flash = result.ok
    ? ({ kind: "success", message: PHOTO_MESSAGES.saved } as const)
    : ({ kind: "error", message: result.message } as const);
  throw redirect(`/admin/productos/${id}`, { headers: { "Set-Cookie": await setFlash(request, flash) } });
}

/** Never rendered (the loader always redirects); it makes this a page, so errors render as one. */
export default function ProductPhoto() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
