import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { centavosToPesosText, ProductForm } from "~/components/admin/product-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRODUCT_MESSAGES, ProductSchema } from "~/lib/validation/admin";
import { getAdminProduct, getCategories, updateAdminProduct } from "~/models/admin-products.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

const NOT_FOUND = "Producto no encontrado";

function productId(params: LoaderFunctionArgs["params"]): number {
  const id = parseId(params.id);
  invariantResponse(id, NOT_FOUND, { status: 404 });
  return id;
}

/** Edit a product's name, prices, description, material, category, stock and flags (admins only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const product = await getAdminProduct(productId(params));
  invariantResponse(product, NOT_FOUND, { status: 404 });
  return { product, categories: await getCategories() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const id = productId(params);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ProductSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await updateAdminProduct(user, id, submission.value);
  if (!result.ok && result.reason === "not_found") throw new Response(NOT_FOUND, { status: 404 });
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { categoryId: [PRODUCT_MESSAGES.categoryRequired] } }), {
      status: 400,
    });
  }
  throw redirect(`/admin/productos/${id}`, {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message: "Cambios guardados" }) },
  });
}

export default function EditProduct() {
  const { product, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const isPending = useIsPending({ formAction: `/admin/fotos/${product.id}`, state: "submitting" });
  const uploading = isPending;
  return (
    <div>
      <p className="flex gap-4 text-sm">
        <Link to="/admin/productos" className="text-gold-700 underline">
          ← Productos
        </Link>
        <Link to={`/admin/historial?producto=${product.id}`} className="text-gold-700 underline">
          Historial de cambios
        </Link>
      </p>
      <h2 className="mt-2 font-serif text-3xl text-ink-900">
        Editar producto <span className="text-ink-700">#{product.id}</span>
      </h2>
      {product.archivedAt ? (
        <p className="mt-2 text-sm text-zinc-700">Archivado: ya no se muestra en la tienda.</p>
      ) : null}
      <section aria-labelledby="photo-title" className="mt-6 flex flex-wrap items-end gap-6">
        <img src={product.image} alt="" width={160} height={160} className="h-40 w-40 rounded-sm object-cover" />
        <Form
          method="post"
          action={`/admin/fotos/${product.id}`}
          encType="multipart/form-data"
          className="space-y-2"
          data-testid="photo-form"
        >
          <h3 id="photo-title" className="font-medium text-ink-900">
            Foto del producto
          </h3>
          <label htmlFor="product-photo" className="field-label">
            Subir una foto (JPEG, PNG o WebP, hasta 5 MB)
          </label>
          <input
            id="product-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            className="block text-sm"
          />
          <button type="submit" className="btn-secondary" disabled={uploading}>
            {uploading ? "Subiendo…" : "Subir foto"}
          </button>
        </Form>
      </section>
      <div className="mt-8">
        <ProductForm
          // A fresh form after each change (a save, a new photo), so the fields show what is stored.
          key={`${product.id}-${product.updatedAt}`}
          id={`edit-product-${product.id}`}
          lastResult={lastResult}
          categories={categories}
          submitLabel="Guardar cambios"
          defaultValue={{
            name: product.name,
            price: centavosToPesosText(product.price),
            originalPrice: centavosToPesosText(product.originalPrice),
            image: product.image,
            description: product.description,
            material: product.material ?? "",
            categoryId: String(product.categoryId),
            stock: String(product.stock),
            ...(product.inStock ? { inStock: "on" as const } : {}),
            ...(product.isNew ? { isNew: "on" as const } : {}),
            ...(product.isFeatured ? { isFeatured: "on" as const } : {}),
          }}
        />
      </div>
      {product.variants.length > 0 ? (
        <p className="mt-8 text-sm text-ink-700">
          Las existencias de sus {product.variants.length} variantes se editan en la lista de productos.
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Editar producto — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
