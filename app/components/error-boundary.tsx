import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";

type StatusHandler = (info: { status: number; data: unknown }) => ReactNode;

/**
 * The shared Spanish error view. Known statuses (403, 404) get their own message; anything
 * unexpected shows a calm apology and, when the server answered it (a 500 from a loader or an
 * action), the request id the shopper can quote: the server's log lines for it carry the same id.
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? DEFAULT_HANDLERS[error.status];
    if (handler) return <>{handler({ status: error.status, data: error.data })}</>;
    return <ErrorPanel title="Algo salió mal" message={`Error ${error.status}. Por favor intenta de nuevo.`} />;
  }
  if (typeof document !== "undefined") console.error(error);
  return <ErrorPanel title="Algo salió mal" message={UNEXPECTED_MESSAGE} />;
}

const UNEXPECTED_MESSAGE =
  "Ocurrió un error inesperado. Nuestro equipo ya fue notificado; por favor intenta de nuevo en unos minutos.";

/** The id in a 500's data (see app/utils/unexpected-errors.server.ts), when there is one. */
function requestIdOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const id = (data as { requestId?: unknown }).requestId;
  return typeof id === "string" ? id : null;
}

const DEFAULT_HANDLERS: Record<number, StatusHandler> = {
  403: () => <ErrorPanel title="Acceso Denegado" message="No tienes permiso para ver esta página." />,
  404: () => <ErrorPanel title="Página no encontrada" message="La página que buscas no existe o fue movida." />,
  500: ({ data }) => {
    const requestId = requestIdOf(data);
    return (
      <ErrorPanel title="Algo salió mal" message={UNEXPECTED_MESSAGE}>
        {requestId ? (
          <p className="mt-4 text-sm text-ink-700">
            Si nos escribes, menciona este código de referencia:{" "}
            <strong className="font-medium tracking-wider text-ink-900">{requestId}</strong>
          </p>
        ) : null}
      </ErrorPanel>
    );
  },
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
