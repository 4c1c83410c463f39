import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { Link } from "~/components/link";
import { useIsPending } from "~/components/use-is-pending";
import { useEffect, useState } from "react";
import { AuthPage } from "~/components/auth/auth-page";
import { ResetPasswordForm } from "~/components/auth/reset-password-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, PASSWORD_FIELDS, ResetPasswordSchema } from "~/lib/validation/auth";
import { isResetTokenValid, resetPassword } from "~/models/user.server";
import { getPublicOrigin } from "~/utils/origin.server";
import { isCommonPassword } from "~/utils/password.server";
import { readForm } from "~/utils/request.server";
import { getSessionId } from "~/utils/session.server";

/** Back to the shop this long after a successful reset. */
const REDIRECT_AFTER_MS = 2_000;

/** An identity provider's way of saying the link expired, in a query or a hash. */
function isExpiredSignal(params: URLSearchParams): boolean {
  return params.get("error") === "access_denied" && params.get("error_code") === "otp_expired";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  if (isExpiredSignal(params) || !(await isResetTokenValid(token))) return { state: "expired" as const, token: "" };
  return { state: "form" as const, token };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  const submission = parseWithZod(form, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  if (await isCommonPassword(submission.value.password)) {
    const fieldErrors = { password: [AUTH_MESSAGES.commonPassword] };
    return data(submission.reply({ hideFields: PASSWORD_FIELDS, fieldErrors }), { status: 400 });
  }
  const ok = await resetPassword(token, submission.value.password, getPublicOrigin(request), {
    keepSessionId: await getSessionId(request),
  });
  if (!ok) return data({ status: "expired" as const }, { status: 410 });
  return { status: "done" as const };
}

export default function ResetPassword() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending({ state: "submitting" });
  const hashExpired = useHashExpired();

  if (actionData?.status === "done") return <ResetDone />;
  if (loaderData.state === "expired" || actionData?.status === "expired" || hashExpired) return <ResetExpired />;
  return (
    <AuthPage eyebrow="Recuperar acceso" title="Nueva contraseña" subtitle="Elige una contraseña nueva para tu cuenta.">
      <ResetPasswordForm lastResult={actionData} busy={isPending} token={loaderData.token} />
    </AuthPage>
  );
}

/** The hash never reaches the server: with JavaScript, read the same expired signal there. */
function useHashExpired() {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const hash = window.location.hash.replace(/^#/, "");
    if (hash && isExpiredSignal(new URLSearchParams(hash))) setExpired(true);
  }, []);
  return expired;
}

function ResetDone() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthPage eyebrow="Listo" title="Contraseña actualizada">
      {/* Without JavaScript the browser goes back to the shop by itself. */}
      <noscript>
        <meta httpEquiv="refresh" content="2;url=/" />
      </noscript>
      <p role="status" className="rounded-sm border border-gold-500/40 bg-ivory-100 px-4 py-4 text-ink-800">
        Tu contraseña se actualizó correctamente. Ya puedes iniciar sesión con tu nueva contraseña.
      </p>
      <p className="mt-6 text-sm text-ink-700">Te llevamos a la tienda en unos segundos…</p>
    </AuthPage>
  );
}

function ResetExpired() {
  return (
    <AuthPage eyebrow="Recuperar acceso" title={AUTH_MESSAGES.linkExpired}>
      <p className="text-ink-700">
        El enlace para restablecer tu contraseña venció, ya se usó o no es correcto. Los enlaces son válidos durante una
        hora y solo pueden usarse una vez.
      </p>
      <div className="mt-8 flex flex-col gap-3">
        <Link to="/forgot-password" className="btn-primary">
          Solicitar un enlace nuevo
        </Link>
        <Link to="/" className="btn-secondary">
          Volver a la tienda
        </Link>
      </div>
    </AuthPage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Restablecer contraseña — Joyería Aurora" },
  // The token is in the URL; the shop's Referrer-Policy (strict-origin-when-cross-origin) keeps
  // it from other sites. "no-referrer" here would make browsers send "Origin: null" on the POST.
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
