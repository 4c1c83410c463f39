import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthPage } from "~/components/auth/auth-page";
import { LoginForm } from "~/components/auth/login-form";
import type { AuthResult } from "~/components/auth/shared";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, LoginSchema, PASSWORD_FIELDS } from "~/lib/validation/auth";
import { authenticator, InvalidCredentialsError } from "~/utils/auth.server";
import {
  getClientIp,
  hitRateLimit,
  rateLimitKey,
  tooManyAttemptsMessage,
  undoRateLimit,
} from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { createUserSession, getOptionalUser, safeRedirect } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

/**
 * Login: Origin check and validation, then the abuse limits (a hit per account and per address
 * before the password is checked, taken back when it was right), then remix-auth's form strategy,
 * then a new database session. The auth modal posts here too.
 */
export async function action({ request }: ActionFunctionArgs) {
  // The strategy reads the body itself, so the action reads a clone.
  const form = await readForm(request.clone());
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const submission = parseWithZod(form, { schema: LoginSchema });
  // The typed e-mail comes back to the form; the password never does.
  const fail = (status: number, formErrors?: string[]) =>
    data(submission.reply({ hideFields: PASSWORD_FIELDS, formErrors }), { status });
  if (submission.status !== "success") return fail(400);

  const keys = [rateLimitKey.loginEmail(submission.value.email), rateLimitKey.loginIp(getClientIp(request))];
  const byEmail = await hitRateLimit("loginEmail", keys[0]!);
  const byIp = await hitRateLimit("loginIp", keys[1]!);
  const blocked = [byEmail, byIp].filter((r) => !r.allowed);
  if (blocked.length > 0) {
    const wait = Math.max(...blocked.map((r) => r.retryAfterMs));
    return fail(429, [tooManyAttemptsMessage(wait)]);
  }

  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return fail(401, [AUTH_MESSAGES.invalidCredentials]);
    throw error;
  }
  await Promise.all(keys.map((key) => undoRateLimit(key)));
  return redirect(redirectTo, { headers: { "Set-Cookie": await createUserSession(request, user.id) } });
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<AuthResult>();
  const navigation = useNavigation();
  const query = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthPage
      eyebrow="Bienvenida de nuevo"
      title="Iniciar Sesión"
      subtitle="Entra a tu cuenta para comprar y ver tus pedidos."
    >
      <LoginForm
        as={Form}
        lastResult={lastResult}
        busy={navigation.state !== "idle" && navigation.formAction === "/login"}
        idPrefix=""
        redirectTo={redirectTo}
        toRegister={{ href: `/register${query}` }}
        toForgot={{ href: "/forgot-password" }}
      />
    </AuthPage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Iniciar Sesión — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
