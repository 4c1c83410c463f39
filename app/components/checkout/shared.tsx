import { type Form, type FetcherWithComponents } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import type { SummaryLine } from "~/models/checkout.server";

/** The page renders the steps in a plain <Form>, the modal in a fetcher's Form. */
export type CheckoutFormTag = typeof Form | FetcherWithComponents<unknown>["Form"];

/** Always the /checkout action: a fetcher's Form would otherwise post to the route it is rendered in. */
export const CHECKOUT_ACTION = "/checkout";

export type { SummaryLine };

/** A legal page, opened in a new tab so that the checkout (a modal, or a half-filled form) stays as it is. */
export function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="text-gold-700 underline underline-offset-2"
      aria-label={`${String(children)} (se abre en una pestaña nueva)`}
    >
      {children}
    </Link>
  );
}
