import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MailHeldBanner } from "~/components/mail-held-banner";
import { ADMIN_TAB_FLASH_MS } from "~/lib/constants";
import { hasRole, ROLE_LABEL, type RoleName } from "~/lib/roles";
import { mailDelivery } from "~/utils/mail-delivery.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * Layout of the administration panel: workers and admins only. Logged-out visitors
 * are redirected to /, others get 403 "Acceso Denegado". Each child route guards itself again:
 * this layout's guard never replaces theirs.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  // Admins configure the shop; workers could do nothing about it (docs/decisions/028).
  const mailHeld = hasRole(user.role, "admin") && mailDelivery().warning !== null;
  return { user: { displayName: user.displayName, role: user.role }, mailHeld };
}

/** The panel's tabs; those with role admin are for admins only (their routes check that too). */
const TABS: { to: string; label: string; role: RoleName; end?: boolean }[] = [
  { to: "/admin", label: "Resumen", role: "worker", end: true },
  { to: "/admin/productos", label: "Productos", role: "worker" },
  { to: "/admin/pedidos", label: "Pedidos", role: "worker" },
  { to: "/admin/devoluciones", label: "Devoluciones", role: "worker" },
  { to: "/admin/facturas", label: "Facturas", role: "worker" },
  { to: "/admin/promociones", label: "Promociones", role: "worker" },
  { to: "/admin/categorias", label: "Categorías", role: "admin" },
  { to: "/admin/facturacion", label: "Facturación", role: "admin" },
  { to: "/admin/usuarios", label: "Usuarios", role: "admin" },
  { to: "/admin/historial", label: "Historial", role: "admin" },
  { to: "/admin/outbox", label: "Correos", role: "worker" },
];

/**
 * A short loading indication after a tab change (JavaScript only): shown for at least
 * ADMIN_TAB_FLASH_MS, and for as long as the tab's data is still loading.
 */
function useTabFlash() {
  const navigation = useNavigation();
  const [flashing, setFlashing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = () => {
    clearTimeout(timer.current);
    setFlashing(true);
    timer.current = setTimeout(() => setFlashing(false), ADMIN_TAB_FLASH_MS);
  };
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return { busy: flashing || loading, start };
}

export default function AdminLayout() {
  const { user, mailHeld } = useLoaderData<typeof loader>();
  const tabFlash = useTabFlash();
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-ink-900/10 pb-6">
        <div>
          <p className="eyebrow">Joyería Aurora</p>
          <h1 className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">Panel de Administración</h1>
        </div>
        <div className="flex items-center gap-3 text-sm text-ink-700">
          <span>{user.displayName}</span>
          <span
            data-testid="role-badge"
            className="rounded-full border border-gold-500/50 bg-ivory-100 px-3 py-1 text-xs font-medium uppercase tracking-[0.2em] text-gold-700"
          >
            {ROLE_LABEL[user.role]}
          </span>
        </div>
      </div>
      {mailHeld ? <MailHeldBanner /> : null}
      <nav aria-label="Secciones del panel" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {TABS.filter((tab) => hasRole(user.role, tab.role)).map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                onClick={tabFlash.start}
                className="btn-ghost aria-[current=page]:bg-ivory-200 aria-[current=page]:font-semibold"
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-2 h-6" aria-live="polite">
        {tabFlash.busy ? (
          <p data-testid="admin-tab-loading" className="animate-pulse text-sm text-gold-700">
            Cargando…
          </p>
        ) : null}
      </div>
      <div className={`mt-4 transition-opacity ${tabFlash.busy ? "opacity-50" : ""}`} aria-busy={tabFlash.busy}>
        <Outlet />
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Panel de Administración — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
