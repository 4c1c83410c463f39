import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { REVIEW_MESSAGES } from "~/lib/reviews";
import { ReviewSchema } from "~/lib/validation/review";
import { createReview } from "~/models/review.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUser } from "~/utils/session.server";

/**
 * The product page's review form action. In a `.server` module so that the schema, zod and conform
 * never reach the page's JavaScript: the form validates on the server only. Only a buyer without a
 * review of the product may post; success redirects back to the page, which then shows the review
 * first and the already-reviewed state.
 */
export async function reviewAction(request: Request, productId: number) {
  const form = await readForm(request);
  const user = await requireUser(request);
  const submission = parseWithZod(form, { schema: ReviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await createReview(user, productId, submission.value);
  if (outcome === "not-eligible") {
    return data(submission.reply({ formErrors: [REVIEW_MESSAGES.notEligible] }), { status: 403 });
  }
  if (outcome === "duplicate") {
    return data(submission.reply({ formErrors: [REVIEW_MESSAGES.duplicate] }), { status: 409 });
  }
  const setCookie = await setFlash(request, { kind: "success", message: REVIEW_MESSAGES.thanks });
  return redirect(`/producto/${productId}#resenas`, { headers: { "Set-Cookie": setCookie } });
}
