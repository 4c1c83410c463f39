import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { getCart } from "~/models/cart.server";
import { applyCoupon, removeCoupon } from "~/models/discount-apply.server";
import { COUPON_FIELD, COUPON_RETURN_PATHS, type CouponAttempt } from "~/lib/discounts";
import { setFlash } from "~/utils/flash.server";
import { getClientAddress } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/session.server";

/**
 * The discount code field of the cart and the checkout (docs/decisions/058): `intent` = apply (with
 * `code`) or remove. With JavaScript a fetcher gets the answer (`_fetcher=1`); without it the shopper
 * goes back to `redirectTo` (/cart or /checkout) with the answer shown next to the field.
 */
export async function loader() {
  return redirect("/cart");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const code = form.get("code");
  if ((intent !== "apply" && intent !== "remove") || (intent === "apply" && typeof code !== "string")) {
    return data<CouponAttempt>({ ok: false, message: "Solicitud no válida" }, { status: 400 });
  }
  const back = (COUPON_RETURN_PATHS as readonly unknown[]).includes(form.get("redirectTo"))
    ? String(form.get("redirectTo"))
    : "/cart";
  const user = await getOptionalUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  const answer =
    intent === "remove"
      ? await removeCoupon(user.id)
      : await applyCoupon(
          user.id,
          getClientAddress(context),
          String(code).slice(0, 200),
          (await getCart(user.id)).lines,
        );
  if (form.get("_fetcher") === "1") return data<CouponAttempt>(answer, { status: answer.ok ? 200 : 422 });
  const flash = {
    kind: answer.ok ? ("success" as const) : ("error" as const),
    message: answer.message,
    field: COUPON_FIELD,
  };
  throw redirect(back, { headers: { "Set-Cookie": await setFlash(request, flash) } });
}
