import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { matrixOf, ProductForm } from "~/components/admin/product-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getCategories } from "~/models/admin-products.server";
import { requireUserWithRole } from "~/utils/session.server";
import { productEditorAction } from "./__product-editor.server";

/**
 * Add a product in one step (admins only): the piece, its photos, its price and stock or its models
 * and sizes. The category defaults to the first one (id 1 in the shop's data).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return { categories: await getCategories() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  return productEditorAction(request, user, null);
}

export default function NewProduct() {
  const { categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div>
      <p>
        <Link to="/admin/productos" className="text-sm text-gold-700 underline">
          ← Productos
        </Link>
      </p>
      <h2 className="mt-2 font-serif text-3xl text-ink-900">Agregar producto</h2>
      <div className="mt-6">
        <ProductForm
          // A fresh form after *Generar combinaciones*, so it shows the generated rows.
          key={matrixOf(lastResult)?.run}
          id="new-product"
          lastResult={lastResult}
          categories={categories}
          submitLabel="Agregar producto"
          defaultValue={{
            name: "",
            description: "",
            material: "",
            categoryId: String(categories[0]?.id ?? 1),
            price: "",
            originalPrice: "",
            stock: "0",
            images: [],
            variants: [],
            inStock: "on",
          }}
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Agregar producto — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
