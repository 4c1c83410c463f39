import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { Fragment, useRef } from "react";
import { RATING_DEFAULT, RATING_MAX, REVIEW_MIN_LENGTH } from "~/lib/constants";
import {
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  type RatingSummary as Summary,
  type ReviewEligibility,
} from "~/lib/reviews";
import { answerField, ErrorList, FormError, type Refusal, SubmitButton, useFocusFirstInvalid } from "./form-parts";
import { StarIcon } from "./icons";
import { RatingSummary, Stars } from "./rating-summary";

export { Stars };

type ReviewView = {
  id: number;
  userName: string;
  rating: number;
  comment: string;
  createdAt: string | Date;
  /** "27 de noviembre de 2026", written by the server (formatDate). */
  dateLabel: string;
};

export type ReviewFormState = {
  /** Null for a logged-out visitor, who is invited to log in. */
  eligibility: ReviewEligibility | null;
  loginHref: string;
  /** Where the form posts (the product page's own action). */
  action: string;
  /** The action's refusal of the last post (conform's `submission.reply()`), if any. */
  lastResult: Refusal | null | undefined;
  busy: boolean;
};

/** Reviews newest first with their average, and the review form (or why there is none). */
export function ProductReviews({
  reviews,
  rating,
  form,
}: {
  reviews: readonly ReviewView[];
  rating: Summary | null;
  form: ReviewFormState;
}) {
  return (
    <section id="resenas" aria-labelledby="resenas-titulo" className="mx-auto max-w-3xl scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="resenas-titulo" className="font-serif text-3xl text-ink-900">
          Reseñas
        </h2>
        {rating ? <RatingSummary rating={rating} size="md" /> : null}
      </div>
      <div className="mt-6">
        <ReviewFormSlot state={form} />
      </div>
      {reviews.length === 0 ? (
        <p className="mt-6 text-ink-700">Aún no hay reseñas para este producto</p>
      ) : (
        <ul className="mt-6 divide-y divide-ink-900/10" data-testid="review-list">
          {reviews.map((r) => (
            <li key={r.id} className="py-6" data-testid="review">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-ink-900">{r.userName}</p>
                <time dateTime={new Date(r.createdAt).toISOString()} className="text-sm text-ink-700">
                  {r.dateLabel}
                </time>
              </div>
              <Stars rating={r.rating} />
              <p className="mt-3 whitespace-pre-line leading-relaxed text-ink-800">{r.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p
      className="rounded-sm border border-ink-900/10 bg-ivory-100 px-4 py-3 text-sm text-ink-800"
      data-testid="review-notice"
    >
      {children}
    </p>
  );
}

function ReviewFormSlot({ state }: { state: ReviewFormState }) {
  if (state.eligibility === "can-review") {
    return <ReviewForm action={state.action} lastResult={state.lastResult} busy={state.busy} />;
  }
  return <ReviewNotice eligibility={state.eligibility} loginHref={state.loginHref} />;
}

/**
 * Why there is no review form: logged out, not bought, already reviewed. A pure component of its props,
 * which the server also renders alone into a cached product page for a signed-in shopper (decision 046).
 */
export function ReviewNotice({
  eligibility,
  loginHref,
}: {
  eligibility: Exclude<ReviewEligibility, "can-review"> | null;
  loginHref: string;
}) {
  switch (eligibility) {
    case null:
      return (
        <Notice>
          <Link to={loginHref} className="font-medium text-gold-700 underline underline-offset-4">
            Inicia sesión
          </Link>{" "}
          para escribir una reseña de un producto que hayas comprado.
        </Notice>
      );
    case "not-purchased":
      return <Notice>{REVIEW_MESSAGES.notEligible}</Notice>;
    case "already-reviewed":
      return <Notice>Ya escribiste una reseña de este producto. ¡Gracias por compartir tu opinión!</Notice>;
  }
}

/** Where a product page's review notice sends a logged-out visitor. */
export const reviewLoginHref = (pagePath: string) => `/login?redirectTo=${encodeURIComponent(`${pagePath}#resenas`)}`;

const FORM_ID = "review";

/**
 * Rating as five radio buttons drawn as stars (they work without JavaScript: the stars up to the
 * chosen one light up through CSS alone) and the comment. It validates on the server only (the
 * route's action, with `ReviewSchema`), so zod and conform stay out of every product page's
 * JavaScript: the action's messages show next to the fields with the values sent, and the first
 * field to correct takes the focus, with or without JavaScript.
 */
function ReviewForm({ action, lastResult, busy }: Pick<ReviewFormState, "action" | "lastResult" | "busy">) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, lastResult);
  const formErrors = answerField(FORM_ID, lastResult, "");
  const rating = answerField(FORM_ID, lastResult, "rating");
  const comment = answerField(FORM_ID, lastResult, "comment");
  const chosen = typeof rating.value === "string" ? rating.value : String(RATING_DEFAULT);
  const commentHintId = `${comment.id}-hint`;
  return (
    // noValidate: the messages are the shop's Spanish ones from the action, not the browser's.
    <Form
      ref={formRef}
      id={FORM_ID}
      method="post"
      action={action}
      preventScrollReset
      noValidate
      aria-describedby={formErrors.errors ? formErrors.errorId : undefined}
      className="space-y-5 rounded-sm border border-ink-900/10 bg-white p-5"
      data-testid="review-form"
    >
      <h3 className="font-serif text-2xl text-ink-900">Escribe tu reseña</h3>
      <FormError id={formErrors.errorId} errors={formErrors.errors} />
      <fieldset>
        <legend className="field-label">Calificación</legend>
        <div className="flex gap-1">
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => {
            const id = `${rating.id}-${n}`;
            return (
              <Fragment key={n}>
                <input
                  type="radio"
                  id={id}
                  name="rating"
                  value={String(n)}
                  defaultChecked={chosen === String(n)}
                  aria-invalid={rating.errors ? true : undefined}
                  aria-describedby={rating.errors ? rating.errorId : undefined}
                  className="sr-only"
                />
                <label
                  htmlFor={id}
                  className="cursor-pointer rounded-sm p-0.5 text-ink-900/20 hover:text-gold-500 [&:has(~input:checked)]:text-gold-600 [input:checked+&]:text-gold-600 [input:focus-visible+&]:outline [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-gold-600"
                >
                  <StarIcon filled width={30} height={30} />
                  <span className="sr-only">
                    {n} {n === 1 ? "estrella" : "estrellas"}
                  </span>
                </label>
              </Fragment>
            );
          })}
        </div>
        <ErrorList id={rating.errorId} errors={rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={comment.id} className="field-label">
          Tu comentario
        </label>
        <textarea
          id={comment.id}
          name="comment"
          defaultValue={typeof comment.value === "string" ? comment.value : undefined}
          required
          minLength={REVIEW_MIN_LENGTH}
          maxLength={REVIEW_MAX_LENGTH}
          rows={4}
          autoFocus={Boolean(comment.errors)}
          aria-invalid={comment.errors ? true : undefined}
          aria-describedby={comment.errors ? comment.errorId : commentHintId}
          className="field-input"
        />
        {comment.errors ? null : (
          <p id={commentHintId} className="mt-1 text-xs text-ink-700/70">
            Al menos {REVIEW_MIN_LENGTH} caracteres.
          </p>
        )}
        <ErrorList id={comment.errorId} errors={comment.errors} />
      </div>
      <div className="sm:w-60">
        <SubmitButton busy={busy} label="Publicar reseña" busyLabel="Publicando…" />
      </div>
    </Form>
  );
}
