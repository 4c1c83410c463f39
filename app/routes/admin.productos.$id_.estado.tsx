import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { parseId } from "~/lib/ids";
import { firstMessage } from "~/lib/validation/admin";
import { ArchiveActionSchema } from "~/lib/validation/product-archive";
import { getAdminProduct } from "~/models/admin-products.server";
import { setProductArchived } from "~/models/product-archive.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * *Archivar* / *Restaurar* a product (admins): the editor's and the list's buttons open this page, which
 * asks once more (a plain form, so it works without JavaScript) and posts `intent=archive` or
 * `intent=restore`. `?desde=lista` goes back to the list afterwards, else to the editor.
 */

const NOT_FOUND = "Producto no encontrado";

function productId(params: LoaderFunctionArgs["params"]): number {
  const id = parseId(params.id);
  invariantResponse(id, NOT_FOUND, { status: 404 });
  return id;
}

function backTo(url: URL, id: number): string {
  return url.searchParams.get("desde") === "lista" ? "/admin/productos" : `/admin/productos/${id}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const product = await getAdminProduct(productId(params));
  invariantResponse(product, NOT_FOUND, { status: 404 });
  const url = new URL(request.url);
  // The question follows the product's state (a stale link to archive an archived product offers restoring).
  return {
    product: { id: product.id, name: product.name, archived: product.archivedAt !== null },
    back: backTo(url, product.id),
    fromList: url.searchParams.get("desde") === "lista",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const id = productId(params);
  const submission = parseWithZod(await readForm(request), { schema: ArchiveActionSchema });
  invariantResponse(submission.status === "success", () => firstMessage(submission.reply().error), { status: 400 });
  const archive = submission.value.intent === "archive";
  const outcome = await setProductArchived(user, id, archive);
  invariantResponse(outcome !== "not_found", NOT_FOUND, { status: 404 });
  const message = archive
    ? "Producto archivado: ya no se muestra en la tienda"
    : "Producto restaurado: vuelve a mostrarse en la tienda";
  throw redirect(backTo(new URL(request.url), id), {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message }) },
  });
}

export default function ProductState() {
  const { product, back, fromList } = useLoaderData<typeof loader>();
  const archive = !product.archived;
  return (
    <div
      role="alertdialog"
      aria-labelledby="state-question"
      aria-describedby="state-explained"
      className="max-w-xl rounded-sm border border-ink-900/15 bg-white p-6"
      data-testid="archive-confirm"
    >
      <h2 id="state-question" className="font-serif text-2xl text-ink-900">
        {archive ? "¿Archivar este producto?" : "¿Restaurar este producto?"}
      </h2>
      <p className="mt-2 font-medium text-ink-900">
        <span className="text-ink-700">#{product.id}</span> {product.name}
      </p>
      <p id="state-explained" className="mt-2 text-sm text-ink-700">
        {archive
          ? "Deja de mostrarse en la tienda, en las búsquedas y en los carritos. Sus pedidos lo conservan y puedes restaurarlo cuando quieras."
          : "Vuelve a mostrarse en la tienda (si está marcado «En venta») con sus variantes y existencias."}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post" action={`/admin/productos/${product.id}/estado${fromList ? "?desde=lista" : ""}`}>
          <input type="hidden" name="intent" value={archive ? "archive" : "restore"} />
          <button type="submit" className="btn-primary">
            {archive ? "Sí, archivar" : "Sí, restaurar"}
          </button>
        </Form>
        <Link to={back} className="btn-ghost">
          Cancelar
        </Link>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Archivar o restaurar producto — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
