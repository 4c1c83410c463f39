import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import type { loader as rootLoader } from "~/root";
import type { action as stockAlertAction } from "~/routes/avisame";

/**
 * "Avísame cuando vuelva" under a sold-out piece or size: the e-mail to write to, or one click for a
 * signed-in shopper. A plain form to /avisame without JavaScript; with it, the answer shows in place.
 */
export function BackInStockForm({ productId, variantId }: { productId: number; variantId: number | null }) {
  const fetcher = useFetcher<typeof stockAlertAction>();
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const id = useId();
  const answer = fetcher.data;
  if (answer?.ok) {
    return (
      <p
        role="status"
        className="border border-gold-500/40 bg-ivory-100 p-4 text-sm text-ink-800"
        data-testid="stock-alert-answer"
      >
        {answer.message}
      </p>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/avisame"
      className="border border-ink-700/15 p-4"
      data-testid="stock-alert-form"
    >
      <p className="font-serif text-lg text-ink-900">¿La quieres? Te avisamos cuando vuelva.</p>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="variantId" value={variantId ?? ""} />
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {signedIn ? null : (
          <div className="min-w-[12rem] flex-1">
            <label htmlFor={`${id}-email`} className="field-label text-xs">
              Tu correo
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              maxLength={254}
              className="field-input py-2 text-sm"
            />
          </div>
        )}
        <button type="submit" className="btn-secondary py-2" disabled={fetcher.state !== "idle"}>
          Avísame cuando vuelva
        </button>
      </div>
      {answer && !answer.ok ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {answer.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
