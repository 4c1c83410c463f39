import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { RowForm } from "~/components/admin/row-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDate } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import { ROLE_LABEL, ROLES } from "~/lib/roles";
import { firstMessage, ROLE_MESSAGES, RoleActionSchema } from "~/lib/validation/admin";
import { listAdminUsers, setUserRole } from "~/models/admin-users.server";
import { answerRowForm, searchText } from "~/utils/admin.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/** The Usuarios tab (admins only): every account with its role, which an admin can change. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUserWithRole(request, "admin");
  const url = new URL(request.url);
  const q = searchText(url);
  const page = parsePage(url.searchParams.get("pagina"));
  return { users: await listAdminUsers({ q, page }), q, viewerId: viewer.id };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUserWithRole(request, "admin");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: RoleActionSchema });
  invariantResponse(submission.status === "success", () => firstMessage(submission.reply().error), { status: 400 });
  const { userId, role } = submission.value;
  const outcome = await setUserRole(admin, userId, role);
  const answers = {
    ok: { result: { ok: true, message: `Rol cambiado a ${ROLE_LABEL[role]}` }, status: 200 },
    unchanged: { result: { ok: true, message: `Ya tenía el rol ${ROLE_LABEL[role]}` }, status: 200 },
    not_found: { result: { ok: false, message: ROLE_MESSAGES.userNotFound }, status: 404 },
    last_admin: { result: { ok: false, message: ROLE_MESSAGES.lastAdmin }, status: 409 },
  } as const;
  return answerRowForm(request, form, answers[outcome].result, { status: answers[outcome].status });
}

export default function AdminUsers() {
  const { users, q, viewerId } = useLoaderData<typeof loader>();
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Usuarios</h2>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="admin-user-q" className="sr-only">
          Buscar usuarios
        </label>
        <input
          id="admin-user-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Buscar por email o nombre"
          className="field-input max-w-md"
        />
        <button type="submit" className="btn-secondary">
          Buscar
        </button>
      </Form>
      {/* A table on wide screens; on a phone each user is a card, so name and e-mail are always both in view. */}
      <div className="mt-6 rounded-sm border border-ink-900/10 bg-white">
        <table className="w-full text-left text-sm max-md:block">
          <thead className="bg-ivory-100 text-ink-700 max-md:sr-only">
            <tr>
              <th className="px-4 py-3 font-medium">Usuario</th>
              <th className="px-4 py-3 font-medium">Alta</th>
              <th className="px-4 py-3 font-medium">Rol</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-900/10 max-md:block">
            {users.items.map((user) => (
              <tr key={user.id} data-testid="admin-user" className="max-md:block max-md:px-4 max-md:py-3">
                <td className="px-4 py-3 max-md:block max-md:p-0">
                  <p className="font-medium text-ink-900">
                    {user.name}
                    {user.id === viewerId ? <span className="ml-1 text-xs font-normal text-ink-700">(tú)</span> : null}
                  </p>
                  <p className="break-all text-ink-700">{user.email}</p>
                  <p className="font-mono text-xs text-ink-700/70" title={user.id}>
                    ID {user.id.slice(0, 8)}
                  </p>
                </td>
                <td className="px-4 py-3 text-ink-700 max-md:block max-md:p-0 max-md:pt-1 max-md:text-xs">
                  <span className="md:hidden">Alta: </span>
                  {formatDate(user.createdAt)}
                </td>
                <td className="px-4 py-3 max-md:block max-md:p-0 max-md:pt-2">
                  <RowForm label={`Cambiar rol de ${user.email}`} className="flex flex-wrap items-center gap-2">
                    {(busy) => (
                      <>
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="userId" value={user.id} />
                        <label htmlFor={`role-${user.id}`} className="sr-only">
                          Rol de {user.email}
                        </label>
                        <select
                          key={user.role}
                          id={`role-${user.id}`}
                          name="role"
                          defaultValue={user.role}
                          className="field-input w-40"
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABEL[role]}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="btn-secondary" disabled={busy}>
                          Cambiar
                        </button>
                      </>
                    )}
                  </RowForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.items.length === 0 ? <p className="px-4 py-6 text-center text-ink-700">No hay usuarios.</p> : null}
      </div>
      <Pagination page={users} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Usuarios — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
