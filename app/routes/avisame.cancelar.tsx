import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SHOP_NAME } from "~/lib/constants";
import { STOCK_ALERT_MESSAGES, STOCK_ALERT_TOKEN } from "~/lib/validation/stock-alert";
import { cancelStockAlert } from "~/models/stock-alerts.server";
import { readForm } from "~/utils/request.server";

/**
 * The unsubscribe link of a back-in-stock request. A GET changes nothing (mail scanners open links):
 * the page asks for one click, which posts the token.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: STOCK_ALERT_TOKEN.test(token) ? token : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  const cancelled = STOCK_ALERT_TOKEN.test(token) && (await cancelStockAlert(token));
  return data(
    { message: cancelled ? STOCK_ALERT_MESSAGES.cancelled : STOCK_ALERT_MESSAGES.unknownToken },
    { status: cancelled ? 200 : 400 },
  );
}

export default function CancelStockAlert() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-serif text-4xl text-ink-900">Cancelar el aviso</h1>
      {answer ? (
        <p role="status" className="mt-6 text-ink-800">
          {answer.message}
        </p>
      ) : token ? (
        <Form method="post" className="mt-8">
          <input type="hidden" name="token" value={token} />
          <p className="text-ink-800">¿Ya no quieres que te avisemos cuando vuelva la pieza?</p>
          <button type="submit" className="btn-primary mt-6">
            Cancelar el aviso
          </button>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-ink-800">
          {STOCK_ALERT_MESSAGES.unknownToken}
        </p>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Cancelar el aviso — ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];
