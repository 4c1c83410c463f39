import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDateTime } from "~/lib/dates";
import { getOutboxForStaff, HIDDEN_TOKEN } from "~/models/outbox.server";
import { requireUserWithRole } from "~/utils/session.server";

const STATUS_LABEL = { pending: "Pendiente", sent: "Enviado", failed: "Fallido", local: "Bandeja local" } as const;

/**
 * The e-mail outbox for staff. Without SMTP_URL this
 * is where e-mails wait to be read and forwarded by hand; with it, it shows delivery status.
 *
 * A password-reset or login link opens an account: its token is hidden, except for an admin on a
 * shop that runs on localhost (see app/models/outbox.server.ts); a hidden one is not a link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  return { emails: await getOutboxForStaff(user.role) };
}

export default function Outbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Correos</h2>
      <p className="mt-1 text-sm text-ink-700">Los 50 correos más recientes de la tienda.</p>
      {emails.length === 0 ? (
        <p className="mt-8 rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-10 text-center text-ink-700">
          No hay correos todavía.
        </p>
      ) : (
        <ul className="mt-8 space-y-4">
          {emails.map((email) => (
            <li key={email.id} className="rounded-sm border border-ink-900/10 bg-white" data-testid="outbox-email">
              <details>
                <summary className="grid cursor-pointer gap-1 px-5 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
                  <span>
                    <span className="block font-medium text-ink-900">{email.subject}</span>
                    <span className="block text-sm text-ink-700">
                      Para <span data-testid="outbox-to">{email.to}</span> · {formatDateTime(email.createdAt)}
                    </span>
                  </span>
                  <span className="justify-self-start rounded-full bg-ivory-100 px-3 py-1 text-xs uppercase tracking-[0.15em] text-gold-700 sm:justify-self-end">
                    {STATUS_LABEL[email.status]}
                    {email.attempts > 1 ? ` · ${email.attempts} intentos` : ""}
                  </span>
                </summary>
                <div className="border-t border-ink-900/10 px-5 py-4">
                  {email.lastError ? (
                    <p className="mb-3 text-sm text-red-800">Último error: {email.lastError}</p>
                  ) : null}
                  <pre
                    className="whitespace-pre-wrap break-words font-sans text-sm text-ink-800"
                    data-testid="outbox-text"
                  >
                    {linkify(email.text)}
                  </pre>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Turns the http(s) URLs of a plain-text body into links (not one whose token is hidden: it opens nothing). */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) && !part.includes(HIDDEN_TOKEN) ? (
      <a key={i} href={part} className="text-gold-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export const meta: MetaFunction = () => [{ title: "Correos — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
