import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cancelCheckout } from "~/models/payment.server";
import { getOptionalUser } from "~/utils/session.server";

/**
 * Where the provider sends a shopper who cancelled on its page. For the user's own pending order
 * the session is expired (it can no longer be paid) and the reserved stock goes back on the shelf;
 * the cart is kept, so they can try again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const orderId = Number(new URL(request.url).searchParams.get("pedido"));
  if (user && Number.isSafeInteger(orderId) && orderId > 0) {
    try {
      // The shopper may come back here after all from a session that was paid: say so.
      if ((await cancelCheckout(request, user.id, orderId)) === "paid") return { paid: true };
    } catch (error) {
      // The sweep releases it later; the shopper still learns the payment was cancelled.
      console.error(`[payments] cancelling order ${orderId} failed`, error);
    }
  }
  return { paid: false };
}

export default function Cancel() {
  const { paid } = useLoaderData<typeof loader>();
  if (paid) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-testid="cancel-paid">
        <p className="eyebrow">Pago</p>
        <h1 className="mt-3 font-serif text-4xl text-ink-900">Tu pago ya se había completado</h1>
        <p className="mt-4 text-ink-700">No cancelamos nada: tu pedido está confirmado y lo verás en Mis Pedidos.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/orders" className="btn-primary">
            Ver Mis Pedidos
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-testid="cancel">
      <p className="eyebrow">Pago</p>
      <h1 className="mt-3 font-serif text-5xl text-ink-900">Pago cancelado</h1>
      <p className="mt-4 text-ink-700">
        El pago fue cancelado y no se realizó ningún cargo. Tus productos siguen en tu carrito.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/cart" className="btn-secondary">
          Ver mi carrito
        </Link>
        <Link to="/" className="btn-primary">
          Volver a la tienda
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Pago cancelado — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
