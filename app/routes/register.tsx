import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import crypto from "node:crypto";
import { AuthPage, RegisterForm, type AuthActionData } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUTH_MESSAGES, RegisterSchema, validateForm, type FieldErrors } from "~/lib/validation/auth";
import { registerUser } from "~/utils/auth.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { createUserSession, getOptionalUser } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

/** Registration: creates the account and its customer role, then logs the new customer in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const values = {
    name: String(form.get("name") ?? "").trim(),
    email: String(form.get("email") ?? "")
      .trim()
      .toLowerCase(),
  };
  const fail = (status: number, errors: FieldErrors, formError?: string) =>
    data<AuthActionData>({ status: "error", errors, values, ...(formError ? { formError } : {}) }, { status });

  // Honeypot filled in: a bot. Answer like a generic failure, create nothing.
  if (String(form.get("website") ?? "") !== "") return fail(400, {}, "No pudimos crear tu cuenta. Intenta de nuevo.");

  const parsed = validateForm(RegisterSchema, form);
  if (!parsed.success) return fail(400, parsed.errors);

  // Per address only when the address is known: one shared bucket would let one client stop everybody.
  const address = getClientAddress(context);
  if (address) {
    const limit = await hitRateLimit("registerAddress", rateLimitKey.registerAddress(address));
    if (!limit.allowed) return fail(429, {}, tooManyAttemptsMessage(limit.retryAfterMs));
  }

  const user = await registerUser(parsed.data);
  if (!user) return fail(400, { email: AUTH_MESSAGES.emailTaken });

  // The pixel's CompleteRegistration fires once on the next page (a flash value with an event id).
  const setCookie = await createUserSession(request, user.id, {
    flash: { pixelEvent: `CompleteRegistration:${crypto.randomUUID()}` },
  });
  return redirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
}

export default function Register() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<AuthActionData>();
  const navigation = useNavigation();
  const query = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthPage
      eyebrow="Nueva cuenta"
      title="Crear Cuenta"
      subtitle="Regístrate para comprar, seguir tus pedidos y dejar reseñas."
    >
      <RegisterForm
        as={Form}
        data={actionData}
        busy={navigation.state !== "idle" && navigation.formAction === "/register"}
        redirectTo={redirectTo}
        idPrefix=""
        toLogin={{ href: `/login${query}` }}
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
