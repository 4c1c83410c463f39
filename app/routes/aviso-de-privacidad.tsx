import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalPage, ShopIdentity } from "~/components/legal-page";
import { getShopInfo } from "~/utils/env.server";

export function loader() {
  return { shop: getShopInfo() };
}

/** Aviso de Privacidad Integral: what personal data the shop treats, why, with whom, and the ARCO rights. */
export default function PrivacyNotice() {
  const { shop } = useLoaderData<typeof loader>();
  const privacyEmail = <a href={`mailto:${shop.privacyEmail}`}>{shop.privacyEmail}</a>;
  return (
    <LegalPage
      title="Aviso de Privacidad"
      current="/aviso-de-privacidad"
      intro={
        <>
          <p>
            Este es el Aviso de Privacidad Integral de {shop.name}, emitido conforme a la legislación mexicana de
            protección de datos personales en posesión de los particulares. También puedes leer el{" "}
            <Link to="/aviso-de-privacidad/simplificado">Aviso de Privacidad Simplificado</Link>.
          </p>
        </>
      }
      sections={[
        {
          id: "responsable",
          title: "Responsable de tus datos",
          body: (
            <p>
              El responsable del tratamiento de tus datos personales es <ShopIdentity shop={shop} /> Para todo lo
              relacionado con tus datos escribe a {privacyEmail}.
            </p>
          ),
        },
        {
          id: "datos",
          title: "Datos personales que tratamos",
          body: (
            <>
              <ul>
                <li>De identificación y contacto: nombre, correo electrónico y teléfono.</li>
                <li>
                  De envío: nombre de quien recibe, calle y número, colonia, municipio, estado, código postal y país.
                </li>
                <li>De tu cuenta: contraseña (guardada solo como un resumen cifrado que nadie puede leer).</li>
                <li>
                  De tus compras: productos, importes, estado de tus pedidos, devoluciones y reseñas que publiques.
                </li>
                <li>
                  Técnicos: la dirección IP y el navegador desde los que usas la tienda, para proteger las cuentas
                  contra accesos no autorizados.
                </li>
              </ul>
              <p>
                No tratamos datos personales sensibles. Los datos de tu tarjeta los recibe directamente nuestro
                procesador de pagos (Stripe) en su página segura: nunca llegan a {shop.name} ni los guardamos.
              </p>
            </>
          ),
        },
        {
          id: "finalidades",
          title: "Para qué usamos tus datos",
          body: (
            <>
              <h3>Finalidades necesarias para la relación que tienes con nosotros</h3>
              <ul>
                <li>Crear y administrar tu cuenta, e iniciar tu sesión de forma segura.</li>
                <li>Procesar tus pedidos y pagos, enviarte tus piezas y darles seguimiento.</li>
                <li>Atender devoluciones, garantías, aclaraciones y solicitudes de servicio.</li>
                <li>Enviarte correos sobre tu cuenta y tus pedidos (confirmaciones, recuperación de contraseña).</li>
                <li>Prevenir fraudes y abusos, y cumplir obligaciones fiscales y legales.</li>
              </ul>
              <h3>Finalidades adicionales, que puedes rechazar</h3>
              <ul>
                <li>Enviarte nuestro boletín con novedades y ofertas, solo si te suscribes.</li>
                <li>Publicar las reseñas que escribas, con tu nombre, en la página del producto.</li>
                <li>
                  Medir la eficacia de nuestra publicidad mediante un píxel de redes sociales, cuando esté activado.
                </li>
              </ul>
              <p>
                Si no quieres que tratemos tus datos para las finalidades adicionales, escríbenos a {privacyEmail}{" "}
                (puedes hacerlo en cualquier momento); para el boletín basta el enlace para darte de baja que viene en
                cada correo o la página <Link to="/unsubscribe">Darme de baja</Link>. Negarte no afecta tus compras.
              </p>
            </>
          ),
        },
        {
          id: "transferencias",
          title: "Con quién compartimos tus datos",
          body: (
            <>
              <p>
                Para prestarte el servicio compartimos los datos estrictamente necesarios con proveedores que los tratan
                por cuenta nuestra y bajo nuestras instrucciones: el procesador de pagos, la empresa de paquetería que
                entrega tu pedido, y los servicios de hospedaje y de envío de correo de la tienda.
              </p>
              <p>
                Fuera de eso, solo transferiremos tus datos cuando una ley lo exija o una autoridad competente lo
                ordene. No vendemos ni rentamos tus datos personales.
              </p>
            </>
          ),
        },
        {
          id: "arco",
          title: "Tus derechos ARCO y cómo ejercerlos",
          body: (
            <>
              <p>
                Tienes derecho a <strong>Acceder</strong> a tus datos, <strong>Rectificarlos</strong> si son inexactos,{" "}
                <strong>Cancelarlos</strong> cuando consideres que no se requieren para las finalidades señaladas, y{" "}
                <strong>Oponerte</strong> a su tratamiento para fines específicos (derechos ARCO).
              </p>
              <p>Para ejercerlos envía una solicitud a {privacyEmail} que incluya:</p>
              <ol>
                <li>Tu nombre y un correo electrónico u otro medio para comunicarte la respuesta.</li>
                <li>
                  Una copia de una identificación oficial (o, si actúa un representante, la de ambos y el documento que
                  acredite la representación).
                </li>
                <li>La descripción clara de los datos y del derecho que quieres ejercer.</li>
                <li>Cualquier dato que nos ayude a localizarlos, como el correo de tu cuenta o un número de pedido.</li>
              </ol>
              <p>
                Te responderemos en un máximo de 20 días hábiles desde que recibamos tu solicitud completa y, si
                procede, la haremos efectiva dentro de los 15 días hábiles siguientes. El trámite es gratuito; solo
                podrían cobrarse gastos justificados de envío o de reproducción de documentos.
              </p>
            </>
          ),
        },
        {
          id: "revocacion",
          title: "Revocar tu consentimiento y limitar el uso de tus datos",
          body: (
            <p>
              Puedes revocar en cualquier momento el consentimiento que nos diste, y pedir que limitemos el uso o la
              divulgación de tus datos, con una solicitud a {privacyEmail} con los mismos requisitos que una solicitud
              ARCO. Ten en cuenta que no podremos atender la revocación cuando la ley nos obligue a conservar ciertos
              datos (por ejemplo, los de facturación), y que sin algunos datos no podríamos completar tus pedidos.
              También puedes inscribirte en el Registro Público para Evitar Publicidad de la PROFECO.
            </p>
          ),
        },
        {
          id: "cookies",
          title: "Cookies y tecnologías similares",
          body: (
            <>
              <ul>
                <li>
                  Una cookie de sesión, necesaria para mantener tu sesión iniciada y tu carrito; se borra al cerrar
                  sesión o a los 30 días.
                </li>
                <li>
                  Una cookie de seguridad que recuerda que tu navegador ya inició sesión en tu cuenta, para que los
                  intentos fallidos de otras personas no te bloqueen; dura un año.
                </li>
                <li>
                  Almacenamiento local del navegador para recordar la categoría que elegiste y tus piezas favoritas;
                  nunca sale de tu dispositivo.
                </li>
                <li>
                  Cuando está activado, un píxel publicitario de redes sociales que registra visitas, registros y
                  compras para medir nuestras campañas.
                </li>
              </ul>
              <p>
                Puedes borrar o bloquear las cookies desde la configuración de tu navegador; sin la cookie de sesión no
                podrás iniciar sesión ni comprar.
              </p>
            </>
          ),
        },
        {
          id: "cambios",
          title: "Cambios a este aviso",
          body: (
            <p>
              Publicaremos cualquier cambio a este aviso en esta misma página, con su fecha de actualización. Si el
              cambio requiere tu consentimiento, te lo pediremos por correo electrónico o al iniciar sesión.
            </p>
          ),
        },
      ]}
    />
  );
}

export const meta: MetaFunction = () => [
  { title: "Aviso de Privacidad — Joyería Aurora" },
  { name: "description", content: "Cómo tratamos tus datos personales y cómo ejercer tus derechos ARCO." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
