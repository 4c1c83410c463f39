import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRODUCT_MESSAGES, ProductSchema } from "~/lib/validation/admin";
import { createAdminProduct, getCategories } from "~/models/admin-products.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/** Add a product (admins only). The category defaults to the first one (id 1 in the shop's data). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return { categories: await getCategories() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ProductSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createAdminProduct(user, submission.value);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { categoryId: [PRODUCT_MESSAGES.categoryRequired] } }), {
      status: 400,
    });
  }
  throw redirect(`/admin/productos/${result.id}`, {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message: "Producto agregado" }) },
  });
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
          id="new-product"
          lastResult={lastResult}
          categories={categories}
          submitLabel="Agregar producto"
          defaultValue={{
            name: "",
            price: "",
            originalPrice: "",
            image: "",
            description: "",
            material: "",
            categoryId: String(categories[0]?.id ?? 1),
            stock: "0",
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
