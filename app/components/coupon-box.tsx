import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { COUPON_FIELD, type CouponAttempt, type CouponStatus, discountLabel } from "~/lib/discounts";
import { formatMoney } from "~/lib/money";
import type { loader as rootLoader } from "~/root";
import { FetcherFlag } from "./fetcher-flag";

/**
 * The discount code field of the cart and the checkout (docs/decisions/058): a plain form to /cupon
 * (a fetcher with JavaScript). The answer — applied, or the reason it does not apply — is shown next to
 * the field: the fetcher's data, or the one-shot message of a plain post.
 */
export function CouponBox({ coupon, returnTo }: { coupon: CouponStatus | null; returnTo: "/cart" | "/checkout" }) {
  const fetcher = useFetcher<CouponAttempt>({ key: "coupon" });
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  const answer =
    fetcher.data ?? (flash?.field === COUPON_FIELD ? { ok: flash.kind !== "error", message: flash.message } : null);
  // One box per place (the cart page, the checkout), so the place names its ids: the same wherever the
  // box is rendered from, which the signed-in /cart assembled from its parts needs (docs/decisions/069).
  const inputId = `cupon-${returnTo.slice(1)}`;
  const messageId = `${inputId}-mensaje`;
  const busy = fetcher.state !== "idle";

  if (coupon) {
    return (
      <div className="mt-4 border-t border-ink-900/10 pt-4 text-sm" id={COUPON_FIELD} data-testid="coupon-applied">
        <fetcher.Form method="post" action="/cupon" className="flex items-center justify-between gap-3">
          <FetcherFlag />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <input type="hidden" name="intent" value="remove" />
          <span className="text-ink-900">
            {discountLabel(coupon.code)}
            {coupon.reason === null ? <> −{formatMoney(coupon.amount)}</> : null}
          </span>
          <button type="submit" className="btn-ghost min-h-11 px-2 text-xs uppercase" disabled={busy}>
            Quitar
          </button>
        </fetcher.Form>
        {coupon.reason ? (
          <p role="alert" className="mt-1 text-red-800" data-testid="coupon-message">
            {coupon.reason}
          </p>
        ) : answer?.ok ? (
          // "Cupón CODIGO aplicado", announced where the field was.
          <p role="status" className="mt-1 text-ink-800" data-testid="coupon-message">
            {answer.message}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/cupon" className="mt-4 border-t border-ink-900/10 pt-4" id={COUPON_FIELD}>
      <FetcherFlag />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <input type="hidden" name="intent" value="apply" />
      <label htmlFor={inputId} className="text-xs uppercase tracking-[0.15em] text-ink-700">
        Cupón de descuento
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          className="field-input min-h-11 flex-1 uppercase"
          aria-describedby={answer ? messageId : undefined}
          aria-invalid={answer && !answer.ok ? true : undefined}
        />
        <button type="submit" className="btn-secondary min-h-11 px-4" disabled={busy}>
          Aplicar
        </button>
      </div>
      {answer ? (
        <p
          id={messageId}
          role={answer.ok ? "status" : "alert"}
          className={`mt-1 text-sm ${answer.ok ? "text-ink-800" : "text-red-800"}`}
          data-testid="coupon-message"
        >
          {answer.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
