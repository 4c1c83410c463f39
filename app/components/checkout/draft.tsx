import { useFetcher } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { CHECKOUT_ACTION } from "./shared";

/** How long the shopper pauses before what they typed is kept on the server. */
const DRAFT_DELAY_MS = 800;

/**
 * With JavaScript the shipping form keeps itself on the server as the shopper types (`intent=draft`,
 * app/models/checkout-draft.server.ts), so closing the checkout modal or reloading loses nothing.
 * Returns the form's onChange handler. Without JavaScript every post of the form keeps it.
 */
export function useDraftSaver() {
  const saver = useFetcher({ key: "checkout-draft" });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (event: { currentTarget: HTMLFormElement }) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const body = new FormData(form);
      body.set("intent", "draft");
      saver.submit(body, { method: "post", action: CHECKOUT_ACTION });
    }, DRAFT_DELAY_MS);
  };
}

/**
 * A saved address picked from the list collapses the form: its fields stay in the form (posted as they
 * are) inside a closed <details>, opened to edit them — with or without JavaScript.
 */
export function AddressFields({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  if (!collapsed) return <>{children}</>;
  return (
    <details className="group space-y-5" data-testid="address-fields">
      <summary className="cursor-pointer text-sm text-gold-700 underline underline-offset-2">
        Editar los datos de envío
      </summary>
      <div className="space-y-5 pt-2">{children}</div>
    </details>
  );
}
