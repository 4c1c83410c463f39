import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LEGAL_UPDATED, ShopIdentity } from "~/components/legal-page";
import { getShopInfo } from "~/utils/env.server";

export function loader() {
  return { shop: getShopInfo() };
}

/** Aviso de Privacidad Simplificado: the short version shown where data is collected, linking the full one. */
export default function SimplifiedPrivacyNotice() {
  const { shop } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="eyebrow">Información legal</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">Aviso de Privacidad Simplificado</h1>
      <p className="mt-3 text-sm text-ink-700">Última actualización: {LEGAL_UPDATED}</p>
      <div className="legal-prose mt-8">
        <p>
          <ShopIdentity shop={shop} /> es responsable del tratamiento de tus datos personales.
        </p>
        <p>
          Usamos tus datos para crear tu cuenta, procesar tus pedidos y pagos, enviarte tus piezas, atender devoluciones
          y aclaraciones, y proteger tu cuenta. Con tu consentimiento también los usamos para enviarte nuestro boletín,
          publicar tus reseñas y medir nuestra publicidad; si no quieres esto último escribe a{" "}
          <a href={`mailto:${shop.privacyEmail}`}>{shop.privacyEmail}</a> o usa el enlace para darte de baja de cada
          boletín.
        </p>
        <p>
          Solo compartimos tus datos con el procesador de pagos, la paquetería y los servicios que operan la tienda, o
          cuando la ley lo exige. No vendemos tus datos.
        </p>
        <p>
          Consulta el <Link to="/aviso-de-privacidad">Aviso de Privacidad Integral</Link> para conocer todos los
          detalles, incluido cómo ejercer tus derechos de acceso, rectificación, cancelación y oposición (ARCO).
        </p>
      </div>
    </article>
  );
}

export const meta: MetaFunction = () => [
  { title: "Aviso de Privacidad Simplificado — Joyería Aurora" },
  { name: "description", content: "Resumen de cómo tratamos tus datos personales." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
