import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { Pagination } from "~/components/admin/pagination";
import { StockForm } from "~/components/admin/stock-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DELETE_QUESTION } from "~/lib/admin";
import { formatMoney } from "~/lib/money";
import { parsePage } from "~/lib/pagination";
import { hasRole } from "~/lib/roles";
import { firstMessage } from "~/lib/validation/admin";
import { ProductActionSchema } from "~/lib/validation/admin-product";
import {
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  setProductStock,
  setVariantStock,
} from "~/models/admin-products.server";
import { answerRowForm, assertRole, searchText } from "~/utils/admin.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * The Productos tab: a searchable, paginated list. Workers and admins edit stock here (each
 * variant's, or the product's own when it has none: with variants it is their sum); admins also open
 * the edit page, add and delete products, and import or export the catalogue.
 * `?eliminar=ID` shows the delete confirmation, a page of its own so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const url = new URL(request.url);
  const q = searchText(url);
  const page = parsePage(url.searchParams.get("pagina"));
  const isAdmin = hasRole(user.role, "admin");
  const toDelete = parseId(url.searchParams.get("eliminar"));
  let confirm: { id: number; name: string } | null = null;
  if (isAdmin && toDelete) {
    const product = await getAdminProduct(toDelete);
    if (product) confirm = { id: product.id, name: product.name };
  }
  return { products: await listAdminProducts({ q, page }), q, isAdmin, confirm };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ProductActionSchema });
  invariantResponse(submission.status === "success", () => firstMessage(submission.reply().error), { status: 400 });
  const command = submission.value;
  switch (command.intent) {
    case "stock": {
      const outcome = await setProductStock(user, command.productId, command.stock);
      const answers = {
        ok: { result: { ok: true, message: `Existencias actualizadas: ${command.stock}` }, status: 200 },
        not_found: { result: { ok: false, message: "El producto ya no existe" }, status: 404 },
        has_variants: {
          result: { ok: false, message: "Este producto tiene variantes: sus existencias se editan en cada una" },
          status: 409,
        },
      } as const;
      return answerRowForm(request, form, answers[outcome].result, { status: answers[outcome].status });
    }
    case "variant-stock": {
      const ok = await setVariantStock(user, command.variantId, command.stock);
      return answerRowForm(
        request,
        form,
        ok
          ? { ok, message: `Existencias actualizadas: ${command.stock}` }
          : { ok, message: "La variante ya no existe" },
        { status: ok ? 200 : 404 },
      );
    }
    case "delete": {
      assertRole(user, "admin");
      const outcome = await deleteAdminProduct(user, command.productId);
      const message = {
        deleted: "Producto eliminado",
        archived: "El producto aparece en pedidos: se archivó y ya no se muestra en la tienda",
        not_found: "El producto ya no existe",
      }[outcome];
      const back = new URL(request.url);
      back.searchParams.delete("eliminar");
      throw redirect(`${back.pathname}${back.search}`, {
        headers: {
          "Set-Cookie": await setFlash(request, { kind: outcome === "not_found" ? "error" : "success", message }),
        },
      });
    }
  }
}

export default function AdminProducts() {
  const { products, q, isAdmin, confirm } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="font-serif text-3xl text-ink-900">Productos</h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/exportar" className="btn-ghost">
            Exportar CSV
          </Link>
          {isAdmin ? (
            <>
              <Link to="/admin/importar" className="btn-ghost">
                Importar CSV
              </Link>
              <Link to="/admin/productos/nuevo" className="btn-primary">
                Agregar producto
              </Link>
            </>
          ) : null}
        </div>
      </div>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="admin-product-q" className="sr-only">
          Buscar productos
        </label>
        <input
          id="admin-product-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Buscar por nombre, material o número"
          className="field-input max-w-md"
        />
        <button type="submit" className="btn-secondary">
          Buscar
        </button>
      </Form>

      {confirm ? (
        <div
          role="alertdialog"
          aria-labelledby="delete-question"
          className="mt-6 rounded-sm border border-red-800/30 bg-red-50 p-5"
          data-testid="delete-confirm"
        >
          <p id="delete-question" className="font-medium text-red-900">
            {DELETE_QUESTION}
          </p>
          <p className="mt-1 text-sm text-red-900/80">{confirm.name}</p>
          <div className="mt-4 flex gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="productId" value={confirm.id} />
              <button type="submit" className="btn-primary bg-red-800">
                Sí, eliminar
              </button>
            </Form>
            <Link to={q ? `?q=${encodeURIComponent(q)}` : "."} className="btn-ghost">
              Cancelar
            </Link>
          </div>
        </div>
      ) : null}

      {products.items.length === 0 ? (
        <p className="mt-8 rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-10 text-center text-ink-700">
          No hay productos{q ? " que coincidan con la búsqueda" : ""}.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
          {products.items.map((product) => (
            <li key={product.id} className="grid gap-3 p-4 md:grid-cols-[1fr_auto]" data-testid="admin-product">
              <div className="flex gap-4">
                <img src={product.image} alt="" className="h-16 w-16 rounded-sm object-cover" loading="lazy" />
                <div>
                  <p className="font-medium text-ink-900">
                    <span className="text-ink-700">#{product.id}</span>{" "}
                    {isAdmin ? (
                      <Link to={`/admin/productos/${product.id}`} className="underline-offset-2 hover:underline">
                        {product.name}
                      </Link>
                    ) : (
                      product.name
                    )}
                    {product.archivedAt ? (
                      <span className="ml-2 rounded-full bg-zinc-200 px-2 py-0.5 text-xs text-zinc-800">Archivado</span>
                    ) : !product.inStock ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                        Oculto en la tienda
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-ink-700">
                    {product.category.name} · {formatMoney(product.price)} antes de IVA
                  </p>
                  {isAdmin ? (
                    <p className="mt-1 flex gap-3 text-sm">
                      <Link to={`/admin/historial?producto=${product.id}`} className="text-gold-700 underline">
                        Historial
                      </Link>
                      <Link
                        to={`/admin/productos/${product.id}/estado?desde=lista`}
                        className="text-gold-700 underline"
                      >
                        {product.archivedAt ? "Restaurar" : "Archivar"}
                      </Link>
                      {product.archivedAt ? null : (
                        <Link
                          to={`?${new URLSearchParams({ ...(q ? { q } : {}), eliminar: String(product.id) })}`}
                          className="text-red-800 underline"
                        >
                          Eliminar
                        </Link>
                      )}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="space-y-2">
                {product.variants.length > 0 ? (
                  <p className="text-right text-sm text-ink-700" data-testid="stock-total">
                    Existencias: <span className="font-medium text-ink-900">{product.stock}</span> (suma de variantes)
                  </p>
                ) : (
                  <StockForm
                    label={`Existencias de ${product.name}`}
                    intent="stock"
                    idName="productId"
                    id={product.id}
                    stock={product.stock}
                  />
                )}
                {product.variants.map((variant) => (
                  <StockForm
                    key={variant.id}
                    label={`Existencias de ${product.name}, ${variant.name}`}
                    caption={variant.name}
                    intent="variant-stock"
                    idName="variantId"
                    id={variant.id}
                    stock={variant.stock}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={products} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Productos — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
