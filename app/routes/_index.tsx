import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { CATEGORY_NAV, isCategoryId } from "~/lib/constants";
import { getProductGrid } from "~/models/product.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const param = new URL(request.url).searchParams.get("categoria");
  const category = isCategoryId(param) ? param : "all";
  const products = await getProductGrid(category);
  return { category, products };
}

export default function Home() {
  const { category, products } = useLoaderData<typeof loader>();
  const heading = CATEGORY_NAV.find((c) => c.id === category)?.label ?? "Todo";
  return (
    <>
      <section className="bg-ink-900 text-ivory-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <p className="eyebrow text-gold-300">Colección de temporada</p>
          <h1 className="mt-4 max-w-2xl font-serif text-5xl leading-tight">Joyas que cuentan tu historia</h1>
          <Link to="#productos" className="btn-secondary mt-8 border-ivory-50 text-ivory-50">
            Comprar ahora
          </Link>
        </div>
      </section>
      <section id="productos" className="mx-auto max-w-7xl scroll-mt-24 px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="font-serif text-4xl text-ink-900">{category === "all" ? "Nuestra colección" : heading}</h2>
        {products.length === 0 ? (
          <p className="mt-10 text-center text-ink-700">No hay productos disponibles</p>
        ) : (
          <div className="mt-10 grid grid-cols-2 gap-x-6 gap-y-12 md:grid-cols-3 lg:grid-cols-4">
            {products.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 4} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Joyería Aurora — Joyería fina en México" }];
