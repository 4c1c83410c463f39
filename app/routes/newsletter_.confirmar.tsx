import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useIsPending } from "~/components/use-is-pending";
import { SHOP_NAME } from "~/lib/constants";
import { ConfirmSubscriptionSchema, NEWSLETTER_MESSAGES, UNSUBSCRIBE_TOKEN_PATTERN } from "~/lib/validation/newsletter";
import { confirmSubscription, isConfirmTokenValid, sendWelcomeEmail } from "~/models/newsletter.server";
import { logger } from "~/utils/logger.server";
import { absoluteUrl } from "~/utils/origin.server";
import { readForm } from "~/utils/request.server";

/**
 * The newsletter's confirmation link (double opt-in). Opening it changes nothing — mail scanners open
 * links, and some run their scripts — so the page asks for one click, with or without JavaScript; the
 * POST confirms the subscription once and sends the welcome e-mail with the unsubscribe link.
 */

type Outcome = { tone: "success" | "error"; message: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 64);
  const valid = UNSUBSCRIBE_TOKEN_PATTERN.test(token) && (await isConfirmTokenValid(token));
  return { token: valid ? token : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ConfirmSubscriptionSchema });
  if (submission.status !== "success") {
    return data<Outcome>({ tone: "error", message: NEWSLETTER_MESSAGES.confirmInvalid }, { status: 400 });
  }
  try {
    const subscriber = await confirmSubscription(submission.value.token);
    if (!subscriber)
      return data<Outcome>({ tone: "error", message: NEWSLETTER_MESSAGES.confirmInvalid }, { status: 410 });
    await sendWelcomeEmail({
      email: subscriber.email,
      interests: subscriber.interests,
      unsubscribeUrl: absoluteUrl(request, `/unsubscribe?token=${subscriber.unsubscribeToken}`),
      shopUrl: absoluteUrl(request, "/"),
    });
    return data<Outcome>({ tone: "success", message: NEWSLETTER_MESSAGES.confirmed });
  } catch (error) {
    logger.error({ err: error }, "newsletter: confirmation failed");
    return data<Outcome>({ tone: "error", message: NEWSLETTER_MESSAGES.failed }, { status: 503 });
  }
}

export default function ConfirmSubscription() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  let body;
  if (outcome) {
    body = (
      <p
        role={outcome.tone === "error" ? "alert" : "status"}
        data-testid="newsletter-confirm-result"
        className={
          outcome.tone === "error"
            ? "rounded-sm border border-red-800/20 bg-red-50 px-4 py-4 text-red-900"
            : "rounded-sm border border-gold-500/40 bg-ivory-100 px-4 py-4 text-ink-800"
        }
      >
        {outcome.message}
      </p>
    );
  } else if (!token) {
    body = (
      <p role="alert" data-testid="newsletter-confirm-result" className="text-ink-800">
        {NEWSLETTER_MESSAGES.confirmInvalid} Si ya confirmaste, no tienes que hacer nada más; si no, suscríbete de nuevo
        y te enviaremos otro enlace.
      </p>
    );
  } else {
    body = (
      <Form method="post" className="space-y-5" data-testid="newsletter-confirm-form">
        <input type="hidden" name="token" value={token} />
        <p className="text-ink-800">
          Confirma que quieres recibir nuestro boletín con novedades, colecciones y ofertas especiales.
        </p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Confirmando…" : "Confirmar mi suscripción"}
        </button>
      </Form>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <p className="eyebrow">Boletín</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900">Confirma tu suscripción</h1>
      <div className="mt-8 space-y-6">
        {body}
        <Link to="/" className="btn-secondary inline-flex">
          Volver a la tienda
        </Link>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: `Confirmar suscripción — ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
