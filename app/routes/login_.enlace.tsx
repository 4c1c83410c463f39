import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthPage } from "~/components/auth/auth-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useIsPending } from "~/components/use-is-pending";
import { AUTH_MESSAGES } from "~/lib/validation/auth";
import { consumeLoginLink, isLoginLinkValid } from "~/models/login.server";
import { rememberDevice } from "~/utils/device.server";
import { readForm } from "~/utils/request.server";
import { createUserSession } from "~/utils/session.server";

/**
 * The e-mailed link that finishes a login (see app/models/login.server.ts). Opening it changes
 * nothing — mail scanners open links — it shows a button that posts the token; the post uses the
 * link once, opens the session and remembers this browser, so the account's owner is never locked out
 * by failures elsewhere again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 100);
  return { token: (await isLoginLinkValid(token)) ? token : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const user = await consumeLoginLink(String(form.get("token") ?? "").slice(0, 100));
  if (!user) return data({ expired: true }, { status: 410 });
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(request, user.id));
  headers.append("Set-Cookie", await rememberDevice(request, user.email));
  return redirect("/", { headers });
}

export default function FinishLogin() {
  const { token } = useLoaderData<typeof loader>();
  const busy = useIsPending({ state: "submitting" });
  if (!token) {
    return (
      <AuthPage eyebrow="Iniciar Sesión" title={AUTH_MESSAGES.linkExpired}>
        <p className="text-sm text-ink-700">Vuelve a iniciar sesión para recibir un enlace nuevo.</p>
        <Link to="/login" className="btn-primary mt-8 inline-flex">
          Iniciar Sesión
        </Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      eyebrow="Iniciar Sesión"
      title="Termina de iniciar sesión"
      subtitle="Confirma que eres tú para entrar a tu cuenta desde este navegador."
    >
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Un momento…" : "Terminar de iniciar sesión"}
        </button>
      </Form>
    </AuthPage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Termina de iniciar sesión — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
