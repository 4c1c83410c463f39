import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { prisma } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { readForm } from "~/utils/request.server";
import { createUserSession, getOptionalUser, safeRedirect } from "~/utils/session.server";

// Minimal login of the foundation; the accounts work replaces it with remix-auth, the spec's
// validation messages, rate limits and the auth modal.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "").trim().toLowerCase();
  const password = String(form.get("password") ?? "");
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    return { error: "Email o contraseña incorrectos", email };
  }
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await createUserSession(request, user.id) },
  });
}

export default function Login() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-serif text-4xl text-ink-900">Iniciar Sesión</h1>
      <Form method="post" className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
        <div>
          <label htmlFor="email" className="field-label">
            Email
          </label>
          <input id="email" name="email" type="email" autoComplete="email" defaultValue={data?.email} className="field-input" />
        </div>
        <div>
          <label htmlFor="password" className="field-label">
            Contraseña
          </label>
          <input id="password" name="password" type="password" autoComplete="current-password" className="field-input" />
        </div>
        {data?.error ? (
          <p role="alert" className="field-error">
            {data.error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full">
          Iniciar Sesión
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Iniciar Sesión — Joyería Aurora" }];
