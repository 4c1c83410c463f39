import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BagIcon } from "~/components/icons";
import { requireUserWithRole } from "~/utils/session.server";

/** Mis Pedidos: logged-in users only; others go to /. The order list lands in a later issue. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "customer");
  return null;
}

export default function Orders() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
      <p className="eyebrow">Tu cuenta</p>
      <h1 className="mt-3 font-serif text-5xl text-ink-900">Mis Pedidos</h1>
      <div className="mt-12 flex flex-col items-center rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-16 text-center">
        <BagIcon width={40} height={40} className="text-gold-600" aria-hidden="true" />
        <h2 className="mt-6 font-serif text-2xl text-ink-900">Aún no tienes pedidos</h2>
        <p className="mt-2 max-w-sm text-sm text-ink-700">
          Cuando compres una pieza, aquí podrás seguir su envío y ver sus detalles.
        </p>
        <Link to="/" className="btn-primary mt-8">
          Explorar la colección
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Mis Pedidos — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
