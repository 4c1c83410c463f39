import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (info: { status: number; data: unknown }) => ReactNode;

/**
 * The shared Spanish error view. Known statuses (403, 404) get their own message; anything
 * unexpected shows a calm apology (the details are in the server log, with a request id).
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? DEFAULT_HANDLERS[error.status];
    if (handler) return <>{handler({ status: error.status, data: error.data })}</>;
    return <ErrorPanel title="Algo salió mal" message={`Error ${error.status}. Por favor intenta de nuevo.`} />;
  }
  if (typeof document !== "undefined") console.error(error);
  return (
    <ErrorPanel
      title="Algo salió mal"
      message="Ocurrió un error inesperado. Nuestro equipo ya fue notificado; por favor intenta de nuevo en unos minutos."
    />
  );
}

const DEFAULT_HANDLERS: Record<number, StatusHandler> = {
  403: () => <ErrorPanel title="Acceso Denegado" message="No tienes permiso para ver esta página." />,
  404: () => <ErrorPanel title="Página no encontrada" message="La página que buscas no existe o fue movida." />,
  503: () => (
    <ErrorPanel
      title="Error de Conexión"
      message="No pudimos conectar con la tienda en este momento. Revisa tu conexión a internet e intenta de nuevo en unos segundos."
    />
  ),
};

export function ErrorPanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <p className="eyebrow">Joyería Aurora</p>
      <h1 className="mt-4 font-serif text-4xl text-ink-900">{title}</h1>
      <p className="mt-4 text-ink-700">{message}</p>
      {children}
      <Link to="/" className="btn-primary mt-10">
        Volver
      </Link>
    </section>
  );
}
