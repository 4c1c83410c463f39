import type { SubmissionResult } from "@conform-to/react";
import { Link, type Form, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * What the account forms share: the real pages render them in a plain <Form> (works without
 * JavaScript), the auth modal in a fetcher's Form posting to the same actions.
 */

export type AuthMode = "login" | "register" | "forgot";

/** The action's answer to a failed submission: conform's `submission.reply()`. */
export type AuthResult = SubmissionResult<string[]>;

/** /forgot-password answers a valid request with the same confirmation, account or not. */
export type ForgotPasswordAnswer = AuthResult | { status: "sent"; message: string };

export type AuthFormProps = {
  as: typeof Form | FetcherWithComponents<unknown>["Form"];
  lastResult: AuthResult | null | undefined;
  busy: boolean;
  /** "modal-" in the auth modal, so its ids and test ids never clash with the page's. */
  idPrefix: "" | "modal-";
};

/** Where a "switch form" link goes: a page, or (in the modal) another mode of the same dialog. */
export type ModeSwitch = { href: string; onClick?: () => void };

export function ModeLink({ to, children }: { to: ModeSwitch; children: ReactNode }) {
  const className = "font-medium text-gold-700 underline-offset-4 hover:underline";
  if (to.onClick) {
    return (
      <button type="button" onClick={to.onClick} className={className}>
        {children}
      </button>
    );
  }
  return (
    <Link to={to.href} className={className}>
      {children}
    </Link>
  );
}
