import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ROLE_LABEL } from "~/lib/roles";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * Layout of the administration panel: workers and admins only. Logged-out visitors
 * are redirected to /, others get 403 "Acceso Denegado". Each child route guards itself again:
 * this layout's guard never replaces theirs.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  return { user: { displayName: user.displayName, role: user.role } };
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
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
      <nav aria-label="Secciones del panel" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          <li>
            <NavLink to="/admin/outbox" className="btn-ghost aria-[current=page]:bg-ivory-200">
              Correos
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="mt-8">
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
