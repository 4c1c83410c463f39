import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalPage, ShopIdentity } from "~/components/legal-page";
import { SHIPPING_FEE, VAT_RATE } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import { useIvaIncluded } from "~/components/price-display";
import { businessDays } from "~/lib/shop-policies";
import { getShopInfo, getShopPolicies } from "~/utils/env.server";

export function loader() {
  return { shop: getShopInfo(), policies: getShopPolicies() };
}

/** Términos y Condiciones of sale, under Mexican consumer law. */
export default function Terms() {
  const { shop, policies } = useLoaderData<typeof loader>();
  const ivaIncluded = useIvaIncluded();
  return (
    <LegalPage
      title="Términos y Condiciones"
      current="/terminos-y-condiciones"
      intro={
        <p>
          Estos términos rigen el uso de la tienda en línea {shop.name} y las compras que hagas en ella. Al crear una
          cuenta o hacer un pedido los aceptas. Te recomendamos leerlos junto con el{" "}
          <Link to="/aviso-de-privacidad">Aviso de Privacidad</Link> y la{" "}
          <Link to="/envios-y-devoluciones">Política de Envíos y Devoluciones</Link>.
        </p>
      }
      sections={[
        {
          id: "proveedor",
          title: "Quién vende",
          body: (
            <p>
              <ShopIdentity shop={shop} />
            </p>
          ),
        },
        {
          id: "cuenta",
          title: "Tu cuenta",
          body: (
            <p>
              Para comprar necesitas una cuenta con un correo electrónico válido. Eres responsable de la
              confidencialidad de tu contraseña; si crees que alguien más la conoce, cámbiala desde «¿Olvidaste tu
              contraseña?» y avísanos. Por seguridad limitamos los intentos fallidos de inicio de sesión.
            </p>
          ),
        },
        {
          id: "precios",
          title: "Precios, impuestos y envío",
          body: (
            <>
              {ivaIncluded ? (
                <p>
                  Los precios están en pesos mexicanos (MXN) e incluyen el IVA ({Math.round(VAT_RATE * 100)} %): antes
                  de pagar, el resumen de tu pedido muestra el subtotal, el costo de envío ({formatMoney(SHIPPING_FEE)}{" "}
                  por pedido), el IVA que incluye y el <strong>total</strong> que se cobrará, sin cargos adicionales.
                </p>
              ) : (
                <p>
                  Los precios están en pesos mexicanos (MXN). Los precios del catálogo no incluyen el IVA: antes de
                  pagar, el resumen de tu pedido muestra el subtotal, el costo de envío ({formatMoney(SHIPPING_FEE)} por
                  pedido), el IVA ({Math.round(VAT_RATE * 100)} % del subtotal) y el <strong>total</strong> que se
                  cobrará, sin cargos adicionales.
                </p>
              )}
              <p>
                El precio que pagas es el vigente al confirmar el pedido. Si un error evidente en un precio o en la
                descripción de una pieza afecta tu pedido, te avisaremos antes de enviarlo y podrás elegir entre
                confirmarlo con el dato correcto o cancelarlo con el reembolso total.
              </p>
            </>
          ),
        },
        {
          id: "pedido",
          title: "Cómo se forma tu pedido",
          body: (
            <ol>
              <li>Agregas piezas a tu carrito; las cantidades se limitan a las existencias disponibles.</li>
              <li>Indicas tus datos de envío y revisas el resumen con el total.</li>
              <li>
                Al pulsar PAGAR apartamos las piezas durante 30 minutos y te llevamos a la página segura de nuestro
                procesador de pagos (Stripe). Si no completas el pago en ese tiempo, el apartado se libera.
              </li>
              <li>
                Cuando el pago se confirma, tu pedido pasa a «procesando» y te enviamos un correo con su número (LJ y
                diez dígitos) y el detalle de tu compra. Puedes consultarlo en <Link to="/orders">Mis Pedidos</Link>.
              </li>
            </ol>
          ),
        },
        {
          id: "pago",
          title: "Pagos",
          body: (
            <p>
              Aceptamos tarjetas de crédito y débito a través de Stripe. Los datos de tu tarjeta se capturan en la
              página de Stripe y nunca llegan a {shop.name}. Si tu banco rechaza el cargo, no se crea ningún cobro y tus
              piezas vuelven a estar disponibles.
            </p>
          ),
        },
        {
          id: "revocacion",
          title: "Derecho a cancelar tu compra",
          body: (
            <p>
              Como compra a distancia, tienes {businessDays(policies.returnDays)} a partir de la entrega para revocar tu
              consentimiento sin responsabilidad alguna, devolviendo la pieza en el estado en que la recibiste. Te
              reembolsamos el importe pagado; el costo de enviarnos la pieza de regreso corre por{" "}
              {policies.freeReturns ? "nuestra cuenta" : "tu cuenta"}. El procedimiento está en la{" "}
              <Link to="/envios-y-devoluciones">Política de Envíos y Devoluciones</Link>.
            </p>
          ),
        },
        {
          id: "garantia",
          title: "Garantía",
          body: (
            <p>
              Todas nuestras piezas tienen una garantía de {policies.warrantyDays} días naturales a partir de la entrega
              contra defectos de fabricación y de materiales.
              {policies.authenticityCertificate
                ? " Cada pieza se entrega con su certificado de autenticidad, que describe su metal y sus piedras."
                : ""}{" "}
              La garantía no cubre el desgaste normal, golpes, contacto con químicos ni reparaciones hechas por
              terceros. Para hacerla válida escríbenos a <a href={`mailto:${shop.email}`}>{shop.email}</a> con tu número
              de pedido; la reparación o, si no es posible, el reemplazo o el reembolso no tienen costo para ti,
              incluido el envío.
            </p>
          ),
        },
        {
          // Not "contenido": that is the page's <main> (the skip link's target).
          id: "contenido-de-la-tienda",
          title: "Contenido de la tienda",
          body: (
            <p>
              Las fotografías, textos, marcas y diseños de la tienda pertenecen a {shop.legalName} o se usan con
              autorización. Las fotografías son representativas: el tono del metal y de las piedras puede variar
              ligeramente por la iluminación y la pantalla. Las reseñas deben ser respetuosas y referirse a piezas que
              compraste; podemos retirar las que no lo sean.
            </p>
          ),
        },
        {
          id: "quejas",
          title: "Aclaraciones, quejas y jurisdicción",
          body: (
            <p>
              Para cualquier aclaración o queja escríbenos a <a href={`mailto:${shop.email}`}>{shop.email}</a> o llama
              al {shop.phone}; te responderemos en un máximo de 5 días hábiles. También puedes acudir a la Procuraduría
              Federal del Consumidor (PROFECO). Estos términos se rigen por las leyes federales de los Estados Unidos
              Mexicanos, en particular la Ley Federal de Protección al Consumidor.
            </p>
          ),
        },
      ]}
    />
  );
}

export const meta: MetaFunction = () => [
  { title: "Términos y Condiciones — Joyería Aurora" },
  { name: "description", content: "Condiciones de compra, precios, pagos, cancelaciones y garantía." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
