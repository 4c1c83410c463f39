import { invariantResponse } from "@epic-web/invariant";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { centavosToPesosText, matrixOf, ProductForm } from "~/components/admin/product-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseId } from "~/lib/ids";
import { getAdminProduct, getCategories } from "~/models/admin-products.server";
import { editorFingerprint, photoList } from "~/models/product-editor.server";
import { waitingList } from "~/models/stock-alerts.server";
import { WaitingList } from "~/components/admin/waiting-list";
import { requireUserWithRole } from "~/utils/session.server";
import { productEditorAction } from "./__product-editor.server";

const NOT_FOUND = "Producto no encontrado";

function productId(params: LoaderFunctionArgs["params"]): number {
  const id = parseId(params.id);
  invariantResponse(id, NOT_FOUND, { status: 404 });
  return id;
}

/** Edit a product: its fields, photos, and models and sizes with their prices and stock (admins only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const product = await getAdminProduct(productId(params));
  invariantResponse(product, NOT_FOUND, { status: 404 });
  return {
    product,
    photos: photoList(product),
    categories: await getCategories(),
    waiting: await waitingList(product.id),
    // The product as this form shows it: a save over someone else's newer one is refused.
    editedFrom: editorFingerprint(product),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  return productEditorAction(request, user, productId(params));
}

export default function EditProduct() {
  const { product, photos, categories, editedFrom, waiting } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // A form that came back (an error, a list button without JavaScript, a refusal) names the product it
  // edits from; the loader's fingerprint is the product as it is now.
  const returnedFrom =
    lastResult && "editedFrom" in lastResult && typeof lastResult.editedFrom === "string"
      ? lastResult.editedFrom
      : undefined;
  return (
    <div>
      <p className="flex gap-4 text-sm">
        <Link to="/admin/productos" className="text-gold-700 underline">
          ← Productos
        </Link>
        <Link to={`/admin/historial?producto=${product.id}`} className="text-gold-700 underline">
          Historial de cambios
        </Link>
        {product.archivedAt ? null : (
          <Link to={`/producto/${product.id}`} className="text-gold-700 underline">
            Ver en la tienda
          </Link>
        )}
      </p>
      <h2 className="mt-2 font-serif text-3xl text-ink-900">
        Editar producto <span className="text-ink-700">#{product.id}</span>
      </h2>
      <p className="mt-1 text-sm text-ink-700" data-testid="product-stock-summary">
        {product.variants.length > 0
          ? `Existencias: ${product.stock} (suma de sus ${product.variants.length} variantes)`
          : `Existencias: ${product.stock}`}
      </p>
      {/* Archivar / Restaurar: a plain GET form to the confirmation page (it works without JavaScript). */}
      <Form
        method="get"
        action={`/admin/productos/${product.id}/estado`}
        className="mt-3 flex flex-wrap items-center gap-3"
        data-testid="product-state"
      >
        <p className="text-sm text-ink-700">
          {product.archivedAt
            ? "Archivado: ya no se muestra en la tienda."
            : "Publicado: se muestra en la tienda si está «En venta»."}
        </p>
        <button
          type="submit"
          name="accion"
          value={product.archivedAt ? "restaurar" : "archivar"}
          className="btn-secondary"
        >
          {product.archivedAt ? "Restaurar" : "Archivar"}
        </button>
      </Form>
      <WaitingList waiting={waiting} />
      <div className="mt-8">
        <ProductForm
          // A fresh form after each save, so the fields show what is stored, and after each
          // *Generar combinaciones*, so it shows the generated rows.
          key={`${product.id}-${product.updatedAt}-${matrixOf(lastResult)?.run ?? ""}`}
          id={`edit-product-${product.id}`}
          lastResult={lastResult}
          categories={categories}
          submitLabel="Guardar cambios"
          orderedVariantIds={product.variants.filter((v) => v._count.orderItems > 0).map((v) => String(v.id))}
          editedFrom={returnedFrom ?? editedFrom}
          defaultValue={{
            name: product.name,
            description: product.description,
            material: product.material ?? "",
            categoryId: String(product.categoryId),
            price: centavosToPesosText(product.price),
            originalPrice: centavosToPesosText(product.originalPrice),
            stock: String(product.stock),
            stockLoaded: String(product.stock),
            images: photos,
            variants: product.variants.map((v) => ({
              id: String(v.id),
              model: v.model ?? "",
              size: v.size ?? "",
              material: v.material ?? "",
              price: centavosToPesosText(v.price),
              originalPrice: centavosToPesosText(v.originalPrice),
              stock: String(v.stock),
              stockLoaded: String(v.stock),
              image: v.image ?? "",
            })),
            ...(product.inStock ? { inStock: "on" as const } : {}),
            ...(product.isNew ? { isNew: "on" as const } : {}),
            ...(product.isFeatured ? { isFeatured: "on" as const } : {}),
            occasions: product.occasions,
          }}
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Editar producto — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
