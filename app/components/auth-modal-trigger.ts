// The interrupted add's side of the auth modal, apart from the modal itself so that every add-to-cart
// control can open it without pulling the modal's code into the first download (it loads on first use,
// app/components/deferred-dialogs.tsx).

export const OPEN_LOGIN_EVENT = "auth-modal:open-login";

/**
 * Opens the login modal on `href` — a /login address carrying the way back and the interrupted add
 * (`/login?redirectTo=…&agregar=…&cantidad=…`), which the modal's forms then send along. If the modal
 * cannot be loaded, the browser goes to that page instead.
 */
export function openLoginModal(href: string) {
  window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT, { detail: href }));
}

/** The /login address an OPEN_LOGIN_EVENT carries, or null for any other event. */
export function loginHrefOf(event: Event): string | null {
  return event instanceof CustomEvent && typeof event.detail === "string" ? event.detail : null;
}
