import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import crypto from "node:crypto";
import { AuthPage } from "~/components/auth/auth-page";
import { RegisterForm } from "~/components/auth/register-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, PASSWORD_FIELDS, RegisterSchema } from "~/lib/validation/auth";
import { accountHref, addPrompt } from "~/lib/pending-add";
import { safeRedirect } from "~/lib/safe-redirect";
import { pendingAddOf } from "~/models/pending-add.server";
import { registerUser } from "~/models/user.server";
import { isCommonPassword } from "~/utils/password.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { PIXEL_EVENT_KEY } from "~/utils/flash.server";
import { getOptionalUser } from "~/utils/session.server";
import { enterAccount } from "./__account-entry.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  const redirectTo = safeRedirect(searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo, ...(await pendingAddOf(searchParams)) };
}

/**
 * Registration: creates the account and its customer role, then logs the new customer in, with the
 * interrupted add (if any) and the way back (`enterAccount`).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  checkHoneypot(form);
  const submission = parseWithZod(form, { schema: RegisterSchema });
  // The name and e-mail come back to the form; the passwords never do.
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    data(submission.reply({ hideFields: PASSWORD_FIELDS, ...errors }), { status });
  if (submission.status !== "success") return fail(400);
  if (await isCommonPassword(submission.value.password)) {
    return fail(400, { fieldErrors: { password: [AUTH_MESSAGES.commonPassword] } });
  }

  // Per address only when the address is known: one shared bucket would let one client stop everybody.
  const address = getClientAddress(context);
  if (address) {
    const limit = await hitRateLimit("registerAddress", rateLimitKey.registerAddress(address));
    if (!limit.allowed) return fail(429, { formErrors: [tooManyAttemptsMessage(limit.retryAfterMs)] });
  }

  const { name, email, password } = submission.value;
  const user = await registerUser({ name, email, password });
  if (!user) return fail(400, { fieldErrors: { email: [AUTH_MESSAGES.emailTaken] } });

  // The pixel's CompleteRegistration fires once on the next page (a flash value with an event id).
  return enterAccount(request, form, user.id, {
    flash: { [PIXEL_EVENT_KEY]: `CompleteRegistration:${crypto.randomUUID()}` },
  });
}

export default function Register() {
  const { redirectTo, pendingAdd, addLabel } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The form posts to this very address, so a failed attempt keeps the way back and the pending add.
  const formAction = accountHref("/register", redirectTo, pendingAdd);
  const isPending = useIsPending({ formAction });
  return (
    <AuthPage
      eyebrow="Nueva cuenta"
      title="Crear Cuenta"
      subtitle="Regístrate para comprar, seguir tus pedidos y dejar reseñas."
      prompt={addLabel ? addPrompt("register", addLabel) : null}
    >
      <RegisterForm
        as={Form}
        action={formAction}
        lastResult={answer && "loggedIn" in answer ? undefined : answer}
        busy={isPending}
        idPrefix=""
        redirectTo={redirectTo}
        pendingAdd={pendingAdd}
        toLogin={{ href: accountHref("/login", redirectTo, pendingAdd) }}
      />
    </AuthPage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Crear Cuenta — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
