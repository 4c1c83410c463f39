import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaymentOutcome } from "~/components/payment-outcome";
import { cancelCheckout } from "~/models/payment-settlement.server";
import { getOptionalUser } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * Where the provider sends a shopper who cancelled on its page. For the user's own pending order
 * the session is expired (it can no longer be paid) and the reserved stock goes back on the shelf;
 * the cart is kept, so they can try again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const query = new URL(request.url).searchParams;
  const orderId = parseId(query.get("pedido"));
  const key = query.get("clave") ?? "";
  // The shopper may come back here after all from a session that was paid: say so.
  if (user && orderId && (await cancelCheckout(request, user.id, { orderId, key })) === "paid") return { paid: true };
  return { paid: false };
}

export default function Cancel() {
  const { paid } = useLoaderData<typeof loader>();
  if (paid) {
    return (
      <PaymentOutcome
        testId="cancel-paid"
        title="Tu pago ya se había completado"
        message="No cancelamos nada: tu pedido está confirmado y lo verás en Mis Pedidos."
        links={[{ to: "/orders", label: "Ver Mis Pedidos", primary: true }]}
      />
    );
  }
  return (
    <PaymentOutcome
      testId="cancel"
      title="Pago cancelado"
      message="El pago fue cancelado y no se realizó ningún cargo. Tus productos siguen en tu carrito."
      links={[
        { to: "/cart", label: "Ver mi carrito" },
        { to: "/", label: "Volver a la tienda", primary: true },
      ]}
    />
  );
}

export const meta: MetaFunction = () => [
  { title: "Pago cancelado — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
