import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { AuthPage } from "~/components/auth/auth-page";
import { LoginForm } from "~/components/auth/login-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, LoginSchema, PASSWORD_FIELDS } from "~/lib/validation/auth";
import { authenticator, InvalidCredentialsError } from "~/utils/auth.server";
import { accountHref, addPrompt } from "~/lib/pending-add";
import { safeRedirect } from "~/lib/safe-redirect";
import { pendingAddOf } from "~/models/pending-add.server";
import { getKnownDevice, rememberDevice } from "~/utils/device.server";
import { enterLogin, forgiveLogin, sendLoginLink } from "~/models/login.server";
import { getPublicOrigin } from "~/utils/origin.server";
import { getClientAddress, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/session.server";
import { enterAccount } from "./__account-entry.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  const redirectTo = safeRedirect(searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo, ...(await pendingAddOf(searchParams)) };
}

/**
 * The login modal reads this loader for the name of the piece an interrupted add is for; that read
 * must not be repeated once the modal's own login succeeds (the loader would then send the fetcher
 * away, to the way back, interrupting the page's revalidation). The page itself revalidates as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === "/login" ? defaultShouldRevalidate : false;

/**
 * Login: Origin check and validation, then the abuse limits (charged before the password is checked,
 * taken back when it was right; an address or browser over its limit is refused without reading the
 * password), then remix-auth's form strategy. While the account is over its limit for new browsers, a
 * correct password gets an e-mailed link instead of a session and every attempt the same answer.
 * Otherwise a new database session, the interrupted add (if any) and the way back (`enterAccount`).
 * The auth modal posts here too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // The strategy reads the body itself, so the action reads a clone.
  const form = await readForm(request.clone());
  const submission = parseWithZod(form, { schema: LoginSchema });
  // The typed e-mail comes back to the form; the password never does.
  const fail = (status: number, formErrors?: string[]) =>
    data(submission.reply({ hideFields: PASSWORD_FIELDS, formErrors }), { status });
  if (submission.status !== "success") return fail(400);

  const device = await getKnownDevice(request, submission.value.email);
  const gate = await enterLogin(submission.value.email, getClientAddress(context), device);
  if (gate.kind === "blocked") return fail(429, [tooManyAttemptsMessage(gate.retryAfterMs)]);

  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    if (gate.kind === "confirm-by-email") return fail(202, [AUTH_MESSAGES.loginLinkSent]);
    return fail(401, [AUTH_MESSAGES.invalidCredentials]);
  }
  if (gate.kind === "confirm-by-email") {
    await sendLoginLink(user, getPublicOrigin(request));
    return fail(202, [AUTH_MESSAGES.loginLinkSent]);
  }
  await forgiveLogin(gate);
  const headers = new Headers();
  headers.append("Set-Cookie", await rememberDevice(request, user.email));
  return enterAccount(request, form, user.id, { headers });
}

export default function Login() {
  const { redirectTo, pendingAdd, addLabel } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The form posts to this very address, so a failed attempt keeps the way back and the pending add.
  const formAction = accountHref("/login", redirectTo, pendingAdd);
  const isPending = useIsPending({ formAction });
  return (
    <AuthPage
      eyebrow="Bienvenida de nuevo"
      title="Iniciar Sesión"
      subtitle="Entra a tu cuenta para comprar y ver tus pedidos."
      prompt={addLabel ? addPrompt("login", addLabel) : null}
    >
      <LoginForm
        as={Form}
        action={formAction}
        lastResult={answer && "loggedIn" in answer ? undefined : answer}
        busy={isPending}
        idPrefix=""
        redirectTo={redirectTo}
        pendingAdd={pendingAdd}
        toRegister={{ href: accountHref("/register", redirectTo, pendingAdd) }}
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
