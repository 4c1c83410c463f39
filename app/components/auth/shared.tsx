import type { SubmissionResult } from "@conform-to/react";
import { type Form, type FetcherWithComponents } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { type PendingAdd, pendingAddParams } from "~/lib/pending-add";

/**
 * What the account forms share: the real pages render them in a plain <Form> (works without
 * JavaScript), the auth modal in a fetcher's Form posting to the same actions.
 */

export type AuthMode = "login" | "register" | "forgot";

/** The action's answer to a failed submission: conform's `submission.reply()`. */
export type AuthResult = SubmissionResult<string[]>;

/** /forgot-password answers a valid request with the same confirmation, account or not. */
export type ForgotPasswordAnswer = AuthResult | { status: "sent"; message: string };

/** What the modal's fetcher may get back: an account form's result, or "logged in" (login, registration). */
export type ModalAnswer = ForgotPasswordAnswer | { loggedIn: true };

export type AuthFormProps = {
  as: typeof Form | FetcherWithComponents<unknown>["Form"];
  lastResult: AuthResult | null | undefined;
  busy: boolean;
  /** "modal-" in the auth modal, so its ids and test ids never clash with the page's. */
  idPrefix: "" | "modal-";
};

/** What the login and registration forms carry besides their fields. */
export type AccountEntryProps = {
  /** Where to come back to (a page's form; the modal stays on its page). */
  redirectTo: string;
  /** The interrupted add, finished by a successful login or registration. */
  pendingAdd: PendingAdd | null;
  /** The form's own address when it is not the bare page (it keeps the way back and the pending add). */
  action?: string;
};

/**
 * The hidden fields of the login and registration forms: the way back, the interrupted add, and —
 * in the modal, whose fetcher must not be redirected away from the page — `_fetcher=1`.
 */
export function AccountEntryFields({
  redirectTo,
  pendingAdd,
  viaFetcher,
}: {
  redirectTo: string;
  pendingAdd: PendingAdd | null;
  viaFetcher: boolean;
}) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {pendingAdd
        ? pendingAddParams(pendingAdd).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      {viaFetcher ? <input type="hidden" name="_fetcher" value="1" /> : null}
    </>
  );
}

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
