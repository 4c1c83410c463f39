import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { AuthPage } from "~/components/auth/auth-page";
import { ForgotPasswordForm } from "~/components/auth/forgot-password-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, ForgotPasswordSchema } from "~/lib/validation/auth";
import { requestPasswordReset } from "~/models/user.server";
import { padResponseTime } from "~/utils/auth.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { getKnownDevice } from "~/utils/device.server";
import { getPublicOrigin } from "~/utils/origin.server";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";

/**
 * Whether a reset e-mail may go to `email` now. Each address (and each browser that has logged into the
 * account) has its own allowance, so a stranger's requests never use up the owner's; requests from
 * browsers the account does not know also share one e-mail per account every 10 minutes, which bounds
 * how many e-mails anybody can make the shop send to one inbox — and whoever asks in between finds
 * the link sent a few minutes earlier still valid in that inbox.
 */
async function mayEmailReset(request: Request, email: string, address: string | null): Promise<boolean> {
  const device = await getKnownDevice(request, email);
  if (device) return (await hitRateLimit("resetEmail", rateLimitKey.resetEmail(email, `device:${device}`))).allowed;
  if (address && !(await hitRateLimit("resetEmail", rateLimitKey.resetEmail(email, `ip:${address}`))).allowed) {
    return false;
  }
  return (await hitRateLimit("resetEmailAny", rateLimitKey.resetEmailAny(email))).allowed;
}

/** Every accepted request takes at least this long, account or not (no enumeration by timing). */
const MIN_RESPONSE_MS = 350;

/**
 * Forgotten password. Always the same answer, whether the e-mail has an account or not; the
 * e-mail leaves through the outbox without the response waiting for it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  checkHoneypot(form);
  const submission = parseWithZod(form, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const start = Date.now();
  const address = getClientAddress(context);
  const byAddress = address ? await hitRateLimit("resetAddress", rateLimitKey.resetAddress(address)) : null;
  if (byAddress && !byAddress.allowed) {
    return data(submission.reply({ formErrors: [tooManyAttemptsMessage(byAddress.retryAfterMs)] }), { status: 429 });
  }
  // Past a limit the e-mail is silently not sent: the answer stays the same (no enumeration).
  if (await mayEmailReset(request, submission.value.email, address)) {
    await requestPasswordReset(submission.value.email, getPublicOrigin(request));
  }
  await padResponseTime(start, MIN_RESPONSE_MS);
  return { status: "sent" as const, message: AUTH_MESSAGES.forgotSent };
}

export default function ForgotPassword() {
  const answer = useActionData<typeof action>();
  const isPending = useIsPending({ formAction: "/forgot-password" });
  return (
    <AuthPage
      eyebrow="Recuperar acceso"
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva."
    >
      <ForgotPasswordForm
        as={Form}
        lastResult={answer?.status === "sent" ? undefined : answer}
        sentMessage={answer?.status === "sent" ? answer.message : null}
        busy={isPending}
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
