import { type Form, type FetcherWithComponents, useFetcher } from "@remix-run/react";
import { Link } from "~/components/link";
import { useRef, useState } from "react";
import { NEWSLETTER_INTERESTS } from "~/lib/constants";
import type { NEWSLETTER_SOURCES } from "~/lib/validation/newsletter";
import {
  answerField as formAnswerField,
  ErrorList,
  FormError,
  type Refusal,
  SubmitButton,
  useFocusFirstInvalid,
} from "./form-parts";
import { Honeypot } from "./honeypot";

/** The /newsletter action's answer: conform's reply to a refused form, or the confirmation e-mailed. */
export type NewsletterAnswer = Refusal | { status: "pending" };

export function isSubscribed(answer: NewsletterAnswer | undefined | null): answer is { status: "pending" } {
  return answer?.status === "pending";
}

type BoxProps = {
  as: typeof Form | FetcherWithComponents<unknown>["Form"];
  answer: NewsletterAnswer | undefined | null;
  busy: boolean;
  source: (typeof NEWSLETTER_SOURCES)[number];
  /** Cerrar: a button (with JavaScript, back to the form) or a link (the result page without it). */
  close: { onClick: () => void } | { href: string };
  /** h1 on its own page, h2 in the home page's slot. */
  headingAs?: "h1" | "h2";
};

/**
 * The newsletter box: e-mail and interests, then the thank-you panel with Cerrar. Posts to
 * /newsletter in both cases; the home page sends it through a fetcher, and without JavaScript the
 * browser lands on /newsletter, which renders this same box with the answer.
 */
export function NewsletterBox({ as: FormTag, answer, busy, source, close, headingAs: Heading = "h2" }: BoxProps) {
  const refused = isSubscribed(answer) ? undefined : answer;
  const email = answerField(refused, "email");
  const interests = answerField(refused, "interests");
  const chosen = [interests.value ?? []].flat();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, refused);

  return (
    <section aria-labelledby="newsletter-titulo" className="bg-ink-900 px-4 py-16 text-ivory-50 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="eyebrow text-gold-400">Boletín</p>
        <Heading id="newsletter-titulo" className="mt-3 font-serif text-3xl sm:text-4xl">
          Suscríbete a nuestro boletín
        </Heading>
        {isSubscribed(answer) ? (
          <div role="status" className="mt-8 space-y-6" data-testid="newsletter-thanks">
            <p className="font-serif text-2xl">¡Gracias por suscribirte!</p>
            <p className="text-ivory-100/80">
              Te enviamos un correo para confirmar tu suscripción: abre su enlace y empezarás a recibir nuestras
              novedades, colecciones y ofertas especiales.
            </p>
            {"href" in close ? (
              <Link to={close.href} className="btn-ghost text-ivory-50">
                Cerrar
              </Link>
            ) : (
              <button type="button" onClick={close.onClick} className="btn-ghost text-ivory-50">
                Cerrar
              </button>
            )}
          </div>
        ) : (
          <>
            <p className="mt-3 text-ivory-100/80">
              Novedades, colecciones nuevas y ofertas especiales antes que nadie.
            </p>
            {/* noValidate: the messages are the shop's Spanish ones from the action, not the browser's. */}
            <FormTag
              ref={formRef}
              id={FORM_ID}
              method="post"
              action="/newsletter"
              noValidate
              aria-describedby={refused?.error?.[""] ? `${FORM_ID}-error` : undefined}
              className="mx-auto mt-8 max-w-xl space-y-5 rounded-sm bg-ivory-50 p-6 text-left text-ink-900"
              data-testid="newsletter-form"
            >
              <Honeypot />
              <input type="hidden" name="source" value={source} />
              <FormError id={`${FORM_ID}-error`} errors={answerField(refused, "").errors} />
              <div>
                <label htmlFor={email.id} className="field-label">
                  Email
                </label>
                <input
                  id={email.id}
                  name="email"
                  type="email"
                  required
                  defaultValue={typeof email.value === "string" ? email.value : undefined}
                  autoComplete="email"
                  inputMode="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  autoFocus={Boolean(email.errors)}
                  aria-invalid={email.errors ? true : undefined}
                  aria-describedby={email.errors ? email.errorId : undefined}
                  className="field-input"
                />
                <ErrorList id={email.errorId} errors={email.errors} />
              </div>
              <fieldset>
                <legend className="field-label">Me interesa</legend>
                <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {NEWSLETTER_INTERESTS.map((interest) => (
                    <label key={interest} className="check-label">
                      <input
                        type="checkbox"
                        name="interests"
                        value={interest}
                        defaultChecked={chosen.includes(interest)}
                        aria-invalid={interests.errors ? true : undefined}
                        aria-describedby={interests.errors ? interests.errorId : undefined}
                        className="check-box"
                      />
                      {interest}
                    </label>
                  ))}
                </div>
                <ErrorList id={interests.errorId} errors={interests.errors} />
              </fieldset>
              <SubmitButton busy={busy} label="Suscribirme" busyLabel="Enviando…" />
            </FormTag>
          </>
        )}
      </div>
    </section>
  );
}

/** Not "newsletter": the home page's slot around the box already has that id. */
const FORM_ID = "newsletter-subscribe";

/** The box validates on the server only, so zod and conform stay out of the home page's JavaScript. */
const answerField = (refused: Refusal | null | undefined, name: string) => formAnswerField(FORM_ID, refused, name);

/** The home page's box: a fetcher, so subscribing keeps the shopper where they are. */
export function HomeNewsletter() {
  const fetcher = useFetcher<NewsletterAnswer>({ key: "newsletter" });
  // Cerrar hides this answer's thank-you panel and brings back an empty form (a new key); the next
  // subscription shows its own panel.
  const [closed, setClosed] = useState<{ answer: unknown; times: number }>({ answer: null, times: 0 });
  const answer = fetcher.data && fetcher.data !== closed.answer ? fetcher.data : null;
  return (
    <NewsletterBox
      key={closed.times}
      as={fetcher.Form}
      answer={answer}
      busy={fetcher.state !== "idle"}
      source="home"
      close={{ onClick: () => setClosed({ answer: fetcher.data, times: closed.times + 1 }) }}
    />
  );
}
