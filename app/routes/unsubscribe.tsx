import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { Link } from "~/components/link";
import { useIsPending } from "~/components/use-is-pending";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormError, SubmitButton, useSchemaForm } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { SHOP_NAME } from "~/lib/constants";
import {
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_TOKEN_PATTERN,
  UnsubscribeEmailSchema,
  UnsubscribeSchema,
} from "~/lib/validation/newsletter";
import { sendUnsubscribeLink, unsubscribeByToken } from "~/models/newsletter.server";
import { absoluteUrl } from "~/utils/origin.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { logger } from "~/utils/logger.server";

/**
 * Leaving the newsletter. A GET never changes anything (mail scanners open links): with the
 * e-mail's token the page posts it back by itself with JavaScript, or with one click without; a
 * mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the same
 * URL. Without a token the page asks for the e-mail and then for confirmation, and then e-mails that
 * address its link: only the address's owner can leave, and the answer never says whether it was
 * subscribed (docs/decisions/031-only-the-inbox-decides.md).
 */

type Outcome = { step: "result"; tone: "success" | "error"; message: string };
type Confirm = { step: "confirm"; email: string };

const result = (tone: Outcome["tone"], message: string, status = 200) =>
  data<Outcome>({ step: "result", tone, message }, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // Long garbage is cut short: it cannot be a token anyway, and the page repeats it in a form.
  return { token: token ? token.slice(0, 64) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  checkHoneypot(form);
  if (form.get("List-Unsubscribe") === "One-Click") {
    return unsubscribeWithToken(new URL(request.url).searchParams.get("token"));
  }
  const submission = parseWithZod(form, { schema: UnsubscribeSchema });
  if (submission.status !== "success") {
    if (form.get("intent") === "token") return result("error", UNSUBSCRIBE_MESSAGES.invalidToken, 400);
    return data(submission.reply(), { status: 400 });
  }
  const command = submission.value;
  switch (command.intent) {
    case "token":
      return unsubscribeWithToken(command.token);
    case "check":
      // Nothing is looked up: the confirmation step is the same for any address.
      return data<Confirm>({ step: "confirm", email: command.email });
    case "confirm": {
      // Each one may e-mail somebody: limited per address (and per recipient, silently).
      const limited = await overAddressLimit(context);
      if (limited) return result("error", limited, 429);
      try {
        await sendUnsubscribeLink(command.email, (token) => absoluteUrl(request, `/unsubscribe?token=${token}`));
        return result("success", UNSUBSCRIBE_MESSAGES.linkSent(command.email));
      } catch (error) {
        logger.error({ err: error }, "unsubscribe: sending the link failed");
        return result("error", UNSUBSCRIBE_MESSAGES.processFailed, 503);
      }
    }
  }
}

/** The unsubscribe links one address may have e-mailed: the Spanish refusal past the limit. */
async function overAddressLimit(context: ActionFunctionArgs["context"]): Promise<string | null> {
  const address = getClientAddress(context);
  if (!address) return null;
  const limit = await hitRateLimit("unsubscribeAddress", rateLimitKey.unsubscribeAddress(address));
  return limit.allowed ? null : tooManyAttemptsMessage(limit.retryAfterMs);
}

async function unsubscribeWithToken(token: string | null) {
  if (!token || !UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return result("error", UNSUBSCRIBE_MESSAGES.invalidToken);
  try {
    const subscriber = await unsubscribeByToken(token);
    if (!subscriber) return result("error", UNSUBSCRIBE_MESSAGES.invalidToken);
    return result("success", UNSUBSCRIBE_MESSAGES.done(subscriber.email));
  } catch (error) {
    logger.error({ err: error }, "unsubscribe: by token failed");
    return result("error", UNSUBSCRIBE_MESSAGES.processFailed, 503);
  }
}

export default function Unsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const isPending = useIsPending({ state: "submitting" });
  const busy = isPending;
  let body;
  if (answer && "step" in answer && answer.step === "result") body = <OutcomePanel outcome={answer} />;
  else if (answer && "step" in answer && answer.step === "confirm")
    body = <ConfirmStep email={answer.email} busy={busy} />;
  else if (token) body = <TokenStep token={token} busy={busy} />;
  else body = <EmailStep lastResult={answer && !("step" in answer) ? answer : undefined} busy={busy} />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <p className="eyebrow">Boletín</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900">Darse de baja</h1>
      <div className="mt-8">{body}</div>
    </div>
  );
}

function OutcomePanel({ outcome }: { outcome: Outcome }) {
  return (
    <div className="space-y-6">
      <p
        role={outcome.tone === "error" ? "alert" : "status"}
        data-testid="unsubscribe-result"
        className={
          outcome.tone === "error"
            ? "rounded-sm border border-red-800/20 bg-red-50 px-4 py-4 text-red-900"
            : "rounded-sm border border-gold-500/40 bg-ivory-100 px-4 py-4 text-ink-800"
        }
      >
        {outcome.message}
      </p>
      <Link to="/" className="btn-primary inline-flex">
        Volver a la tienda
      </Link>
    </div>
  );
}

/** The e-mail's link: posts the token by itself with JavaScript; one click without it. */
function TokenStep({ token, busy }: { token: string; busy: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !formRef.current) return;
    sent.current = true;
    submit(formRef.current, { replace: true });
  }, [submit]);
  return (
    <Form method="post" ref={formRef} className="space-y-5" data-testid="unsubscribe-token-form">
      <Honeypot />
      <input type="hidden" name="intent" value="token" />
      <input type="hidden" name="token" value={token} />
      <p className="text-ink-800">Confirma que ya no quieres recibir nuestro boletín.</p>
      <SubmitButton busy={busy} label="Darme de baja" busyLabel="Procesando tu baja…" />
    </Form>
  );
}

function EmailStep({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const { form, fields } = useSchemaForm(UnsubscribeEmailSchema, {
    id: "unsubscribe",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action="/unsubscribe"
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="unsubscribe-email-form"
    >
      <Honeypot />
      <input type="hidden" name="intent" value="check" />
      <p className="text-ink-800">Escribe el email con el que te suscribiste a nuestro boletín.</p>
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus={Boolean(fields.email.errors)}
      />
      <SubmitButton busy={busy} label="Continuar" busyLabel="Verificando…" />
    </Form>
  );
}

function ConfirmStep({ email, busy }: { email: string; busy: boolean }) {
  return (
    <Form method="post" action="/unsubscribe" className="space-y-6" data-testid="unsubscribe-confirm-form">
      <Honeypot />
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="email" value={email} />
      <p className="text-ink-800">
        ¿Quieres dar de baja <strong>{email}</strong>? Dejarás de recibir nuestras novedades y ofertas. Te enviaremos a
        ese email un enlace para confirmar la baja.
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          Sí, darme de baja
        </button>
        <Link to="/unsubscribe" className="btn-ghost">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [
  { title: `Darse de baja del boletín — ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
