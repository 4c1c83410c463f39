import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SizeGuide } from "~/components/size-guide";
import { useHydrated } from "~/components/use-hydrated";
import { SHOP_NAME } from "~/lib/constants";
import { PUBLIC_REVALIDATE } from "~/utils/security.server";

/** The ring size guide as a page: the dialog's content without JavaScript, and what prints the sizer. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_REVALIDATE });

export default function SizeGuidePage() {
  const hydrated = useHydrated();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="eyebrow">Anillos</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">Guía de tallas</h1>
      <p className="mt-4 leading-relaxed text-ink-700">
        Encuentra tu talla con un anillo que ya tengas o con una tira de papel. Si tienes dudas, escríbenos: con gusto
        te ayudamos a elegir.
      </p>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            Imprimir el medidor
          </button>
        ) : (
          <p className="text-sm text-ink-700">Para el medidor, imprime esta página desde el menú de tu navegador.</p>
        )}
        <Link to="/?categoria=rings#productos" className="btn-ghost">
          Ver anillos
        </Link>
      </div>
      <div className="mt-10">
        <SizeGuide />
      </div>
    </article>
  );
}

export const meta: MetaFunction = () => [
  { title: `Guía de tallas de anillos — ${SHOP_NAME}` },
  {
    name: "description",
    content:
      "Tallas de anillo en México con su diámetro y circunferencia en milímetros, cómo medir en casa y un medidor para imprimir.",
  },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
