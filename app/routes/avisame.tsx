import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Link } from "~/components/link";
import { SHOP_NAME } from "~/lib/constants";
import { STOCK_ALERT_MESSAGES, StockAlertSchema } from "~/lib/validation/stock-alert";
import { requestStockAlert } from "~/models/stock-alerts.server";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/session.server";

/**
 * "Avísame cuando vuelva" (docs/decisions/056-back-in-stock-alerts.md): the product page's form posts
 * here; with JavaScript through a fetcher (the answer shows in place), without it this page shows the
 * answer with a way back to the piece. A signed-in shopper's request uses their account's address.
 */

export type StockAlertReply = { ok: boolean; message: string; productId: number | null };

const reply = (ok: boolean, message: string, productId: number | null, status = 200) =>
  data<StockAlertReply>({ ok, message, productId }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const address = getClientAddress(context);
  if (address) {
    const limit = await hitRateLimit("stockAlertAddress", rateLimitKey.stockAlertAddress(address));
    if (!limit.allowed) return reply(false, tooManyAttemptsMessage(limit.retryAfterMs), null, 429);
  }
  const submission = parseWithZod(form, { schema: StockAlertSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? STOCK_ALERT_MESSAGES.notFound;
    return reply(false, message, null, 400);
  }
  const { productId, variantId, email } = submission.value;
  const user = await getOptionalUser(request);
  const to = user?.email ?? email;
  if (!to) return reply(false, STOCK_ALERT_MESSAGES.emailRequired, productId, 400);
  const outcome = await requestStockAlert({
    productId,
    variantId: variantId ?? null,
    email: to,
    userId: user?.id ?? null,
  });
  if (!outcome.ok) {
    return outcome.reason === "in_stock"
      ? reply(false, STOCK_ALERT_MESSAGES.inStock, productId, 409)
      : reply(false, STOCK_ALERT_MESSAGES.notFound, null, 404);
  }
  return reply(true, STOCK_ALERT_MESSAGES.done, productId);
}

/** Without JavaScript: the answer, and the way back to the piece. */
export default function StockAlertAnswer() {
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-serif text-4xl text-ink-900">Avísame cuando vuelva</h1>
      <p
        role="status"
        className={`mt-6 ${answer?.ok ? "text-ink-800" : "text-red-800"}`}
        data-testid="stock-alert-answer"
      >
        {answer?.message ?? "Elige una pieza agotada y pide que te avisemos cuando vuelva."}
      </p>
      {answer?.productId ? (
        <Link to={`/producto/${answer.productId}`} className="btn-secondary mt-8">
          Volver a la pieza
        </Link>
      ) : (
        <Link to="/" className="btn-secondary mt-8">
          Ir a la tienda
        </Link>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Avísame cuando vuelva — ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];
