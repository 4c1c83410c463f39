import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalPage, ShopIdentity } from "~/components/legal-page";
import { SHIPPING_FEE } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import { businessDays } from "~/lib/shop-policies";
import { getShopInfo, getShopPolicies } from "~/utils/env.server";

export function loader() {
  return { shop: getShopInfo(), policies: getShopPolicies() };
}

/** Política de Envíos y Devoluciones: costs, times, tracking, cancellation, returns and refunds. */
export default function ShippingAndReturns() {
  const { shop, policies } = useLoaderData<typeof loader>();
  const { delivery } = policies;
  const email = <a href={`mailto:${shop.email}`}>{shop.email}</a>;
  return (
    <LegalPage
      title="Envíos y Devoluciones"
      current="/envios-y-devoluciones"
      intro={
        <>
          <p>Cómo te enviamos tus piezas y qué hacer si quieres devolver una.</p>
          <p>
            Esta política forma parte de los <Link to="/terminos-y-condiciones">Términos y Condiciones</Link> de{" "}
            <ShopIdentity shop={shop} />
          </p>
        </>
      }
      sections={[
        {
          id: "envios",
          title: "Envíos",
          body: (
            <ul>
              <li>Enviamos a todo México. El costo de envío es de {formatMoney(SHIPPING_FEE)} por pedido.</li>
              <li>
                Preparamos tu pedido en un máximo de {businessDays(delivery.handlingDays)} después de confirmado el pago
                (un pago confirmado después de las {delivery.cutoffHour}:00, hora del centro de México, o en un día
                inhábil cuenta desde el siguiente día hábil). La paquetería lo entrega normalmente en{" "}
                {delivery.transitMinDays} a {businessDays(delivery.transitMaxDays)}; a zonas extendidas puede tardar un
                poco más. Son días hábiles de lunes a viernes, sin contar los días de descanso obligatorio ni el jueves
                y el viernes santos. La página de cada pieza y tu carrito muestran la fecha estimada de entrega.
              </li>
              <li>
                Cuando tu pedido sale, su estado cambia a «enviado» y en <Link to="/orders">Mis Pedidos</Link> verás el
                número de guía para seguirlo.
              </li>
              <li>
                Cada pieza viaja asegurada y en su estuche. Si el paquete llega abierto o dañado, no lo recibas o
                anótalo en la guía, y escríbenos a {email} en las 48 horas siguientes.
              </li>
            </ul>
          ),
        },
        {
          id: "cancelar",
          title: "Cancelar un pedido",
          body: (
            <p>
              Mientras tu pedido no haya salido puedes cancelarlo escribiendo a {email} con su número (LJ y diez
              dígitos); te reembolsamos el total pagado, incluido el envío.
            </p>
          ),
        },
        {
          id: "devoluciones",
          title: "Devoluciones",
          body: (
            <>
              <p>
                Tienes {businessDays(policies.returnDays)} desde la entrega para devolver una pieza sin dar
                explicaciones. Debe estar sin uso, con sus etiquetas y en su estuche original. Por higiene, los aretes
                solo pueden devolverse con su empaque de seguridad intacto, salvo defecto de fabricación.
              </p>
              <ol>
                <li>
                  En <Link to="/orders">Mis Pedidos</Link>, elige «Solicitar devolución o cambio» en tu pedido
                  entregado: las piezas, cuántas y el motivo. Si una pieza tiene tallas, puedes pedir otra talla en
                  lugar del reembolso. También puedes escribirnos a {email} con tu número de pedido.
                </li>
                <li>
                  Te respondemos por correo con la dirección y las indicaciones para el envío de regreso, que corre por{" "}
                  {policies.freeReturns ? "nuestra cuenta" : "tu cuenta"}.
                </li>
                <li>
                  Al recibir la pieza la revisamos y te reembolsamos las piezas devueltas, o te enviamos la nueva talla
                  con su número de guía. Mis Pedidos muestra en qué paso va tu solicitud.
                </li>
              </ol>
            </>
          ),
        },
        {
          id: "reembolsos",
          title: "Reembolsos",
          body: (
            <p>
              Reembolsamos el importe de las piezas devueltas a la misma tarjeta con la que pagaste, en un máximo de 10
              días hábiles desde que recibimos la devolución. Según tu banco, el abono puede tardar unos días más en
              verse en tu estado de cuenta.
            </p>
          ),
        },
        {
          id: "garantia",
          title: "Piezas con defecto",
          body: (
            <p>
              Si tu pieza tiene un defecto de fabricación, la garantía de {policies.warrantyDays} días cubre la
              reparación, el reemplazo o el reembolso, y los envíos corren por nuestra cuenta. Consulta los{" "}
              <Link to="/terminos-y-condiciones">Términos y Condiciones</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}

export const meta: MetaFunction = () => [
  { title: "Envíos y Devoluciones — Joyería Aurora" },
  { name: "description", content: "Costo y tiempos de envío, seguimiento, cancelaciones, devoluciones y reembolsos." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
