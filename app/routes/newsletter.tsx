import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NewsletterBox } from "~/components/newsletter-box";
import { SHOP_NAME } from "~/lib/constants";
import { NEWSLETTER_MESSAGES, NewsletterSchema } from "~/lib/validation/newsletter";
import { requestSubscription, sendConfirmationEmail } from "~/models/newsletter.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { absoluteUrl } from "~/utils/origin.server";
import { getClientAddress, hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { logger } from "~/utils/logger.server";

/**
 * Newsletter subscription (double opt-in): records a pending subscription and e-mails its
 * confirmation link (/newsletter/confirmar); nothing else reaches the address until it is followed.
 * The answer is the same whether the address was new, waiting or already subscribed. The home page's
 * box posts here through a fetcher; without JavaScript the browser lands on this page, which shows
 * the same box with the answer (errors next to the fields, or the thank-you panel).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  checkHoneypot(form);
  const submission = parseWithZod(form, { schema: NewsletterSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  // Per address only when the address is known: one shared bucket would let one client stop everybody.
  const address = getClientAddress(context);
  if (address) {
    const limit = await hitRateLimit("newsletterAddress", rateLimitKey.newsletterAddress(address));
    if (!limit.allowed) {
      return data(submission.reply({ formErrors: [tooManyAttemptsMessage(limit.retryAfterMs)] }), { status: 429 });
    }
  }

  const { email, interests, source = "home" } = submission.value;
  try {
    const pending = await requestSubscription({
      email,
      interests,
      source,
      userAgent: request.headers.get("User-Agent"),
    });
    if (pending) {
      const confirmUrl = absoluteUrl(request, `/newsletter/confirmar?token=${pending.confirmToken}`);
      await sendConfirmationEmail({ email, interests, confirmUrl });
    }
  } catch (error) {
    logger.error({ err: error }, "newsletter: subscription failed");
    return data(submission.reply({ formErrors: [NEWSLETTER_MESSAGES.failed] }), { status: 503 });
  }
  return { status: "pending" as const };
}

export default function NewsletterPage() {
  const answer = useActionData<typeof action>();
  const isPending = useIsPending({ formAction: "/newsletter", state: "submitting" });
  return (
    <div className="py-12">
      <NewsletterBox
        as={Form}
        answer={answer}
        busy={isPending}
        source="newsletter-page"
        headingAs="h1"
        close={{ href: "/" }}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `Boletín — ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
