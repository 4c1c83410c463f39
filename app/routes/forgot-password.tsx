import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthPage, ForgotPasswordForm, type AuthActionData } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, ForgotPasswordSchema, validateForm } from "~/lib/validation/auth";
import { padResponseTime, requestPasswordReset } from "~/utils/auth.server";
import { getPublicOrigin } from "~/utils/origin.server";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";

/** Every accepted request takes at least this long, account or not (no enumeration by timing). */
const MIN_RESPONSE_MS = 350;

/**
 * Forgotten password. Always the same answer, whether the e-mail has an account or not; the
 * e-mail leaves through the outbox without the response waiting for it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const parsed = validateForm(ForgotPasswordSchema, form);
  if (!parsed.success)
    return data<AuthActionData>({ status: "error", errors: parsed.errors, values: { email } }, { status: 400 });

  const start = Date.now();
  const address = getClientAddress(context);
  const byAddress = address ? await hitRateLimit("resetAddress", rateLimitKey.resetAddress(address)) : null;
  if (byAddress && !byAddress.allowed) {
    return data<AuthActionData>(
      { status: "error", errors: {}, formError: tooManyAttemptsMessage(byAddress.retryAfterMs), values: { email } },
      { status: 429 },
    );
  }
  // Past the per-address limit an e-mail is silently not sent: the answer stays the same.
  const byEmail = await hitRateLimit("resetEmail", rateLimitKey.resetEmail(parsed.data.email));
  if (byEmail.allowed) await requestPasswordReset(parsed.data.email, getPublicOrigin(request));
  await padResponseTime(start, MIN_RESPONSE_MS);
  return data<AuthActionData>({ status: "sent", message: AUTH_MESSAGES.forgotSent });
}

export default function ForgotPassword() {
  const actionData = useActionData<AuthActionData>();
  const navigation = useNavigation();
  return (
    <AuthPage
      eyebrow="Recuperar acceso"
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva."
    >
      <ForgotPasswordForm
        as={Form}
        data={actionData}
        busy={navigation.state !== "idle" && navigation.formAction === "/forgot-password"}
        idPrefix=""
        toLogin={{ href: "/login" }}
      />
    </AuthPage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Recuperar contraseña — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
