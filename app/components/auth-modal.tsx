import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { addPrompt, type PendingAdd, readPendingAdd } from "~/lib/pending-add";
import { safeRedirect } from "~/lib/safe-redirect";
import type { loader as loginLoader } from "~/routes/login";
import { AddPrompt } from "./auth/auth-page";
import { ForgotPasswordForm } from "./auth/forgot-password-form";
import { LoginForm } from "./auth/login-form";
import { RegisterForm } from "./auth/register-form";
import type { AuthMode, ModalAnswer } from "./auth/shared";
import { loginHrefOf, OPEN_LOGIN_EVENT } from "./auth-modal-trigger";
import { CloseIcon } from "./icons";

const TITLES: Record<AuthMode, { eyebrow: string; title: string }> = {
  login: { eyebrow: "Bienvenida de nuevo", title: "Iniciar Sesión" },
  register: { eyebrow: "Nueva cuenta", title: "Crear Cuenta" },
  forgot: { eyebrow: "Recuperar acceso", title: "¿Olvidaste tu contraseña?" },
};

/** Pages whose own forms are the login: after logging in from there, go to the shop instead. */
const AUTH_PAGES = ["/login", "/register", "/forgot-password", "/reset-password"];

/** What an opening of the modal came with: a /login address when an add-to-cart sent the shopper here. */
type Opening = { count: number; loginHref: string | null };

/**
 * The auth modal: the JavaScript enhancement of /login, /register and /forgot-password. Links marked
 * `data-action="open-login"` open it instead of navigating, and so does an add-to-cart answered
 * "Usuario no autenticado" (`openLoginModal`), which says why and carries the interrupted add. Its
 * forms are fetchers posting to the same route actions, which answer `{ loggedIn: true }`: the page
 * underneath revalidates in place (cart badge, the add's confirmation) and the modal closes.
 */
export function AuthModal({ loggedIn }: { loggedIn: boolean }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [opening, setOpening] = useState<Opening>({ count: 0, loginHref: null });
  const dialogRef = useRef<HTMLDialogElement>(null);
  // What had the focus when the modal opened, given it back on close (as the other dialogs do): the
  // browser's own return of focus from a <dialog> is not in every browser, and once gave it elsewhere.
  const openerRef = useRef<HTMLElement | null>(null);
  const location = useLocation();
  const label = useFetcher<typeof loginLoader>();
  const { load } = label;

  const open = useCallback((next: AuthMode, loginHref: string | null, opener: Element | null) => {
    if (!dialogRef.current?.open) openerRef.current = opener instanceof HTMLElement ? opener : null;
    setOpening((o) => ({ count: o.count + 1, loginHref }));
    setMode(next);
  }, []);

  useEffect(() => {
    // Capture phase: runs before the <Link>'s own click handler, which then sees defaultPrevented.
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest('[data-action="open-login"]') : null;
      if (!target) return;
      event.preventDefault();
      target.closest("details")?.removeAttribute("open");
      open("login", null, target);
    }
    function onOpenLogin(event: Event) {
      const href = loginHrefOf(event);
      if (href) open("login", href, document.activeElement);
    }
    document.addEventListener("click", onClick, true);
    window.addEventListener(OPEN_LOGIN_EVENT, onOpenLogin);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener(OPEN_LOGIN_EVENT, onOpenLogin);
    };
  }, [open]);

  // The piece's name for "Inicia sesión para agregar …", from the /login page's own loader.
  useEffect(() => {
    if (opening.loginHref) load(opening.loginHref);
  }, [opening, load]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (mode && !dialog.open) dialog.showModal();
    if (!mode && dialog.open) dialog.close();
  }, [mode]);

  // Logged in (login or registration succeeded and the page revalidated): close.
  useEffect(() => {
    if (loggedIn) setMode(null);
  }, [loggedIn]);

  const here = AUTH_PAGES.includes(location.pathname) ? "/" : `${location.pathname}${location.search}`;
  const entry = entryOf(opening.loginHref, here);
  // The name arrives for this opening's piece (an earlier opening's answer may still be there).
  const loaded = label.data?.pendingAdd;
  const addLabel =
    loaded &&
    entry.pendingAdd &&
    loaded.productId === entry.pendingAdd.productId &&
    loaded.variantId === entry.pendingAdd.variantId
      ? (label.data?.addLabel ?? null)
      : null;
  const titles = mode ? TITLES[mode] : null;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="auth-modal-title"
      onClose={() => {
        // The close event is queued: a modal reopened meanwhile keeps its opener.
        if (dialogRef.current?.open) return;
        setMode(null);
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener?.isConnected) opener.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) setMode(null);
      }}
      className="m-0 mt-auto max-h-[92vh] w-full max-w-none overflow-y-auto rounded-t-md bg-transparent p-0 backdrop:bg-ink-900/60 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-md sm:rounded-md"
    >
      {mode && titles ? (
        <div className="relative bg-white px-6 pb-8 pt-10 sm:rounded-md sm:px-10">
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-gold-300 via-gold-500 to-gold-300 sm:rounded-t-md"
          />
          <button
            type="button"
            onClick={() => setMode(null)}
            className="btn-ghost absolute right-3 top-4"
            aria-label="Cerrar"
          >
            <CloseIcon />
          </button>
          <p className="eyebrow">{titles.eyebrow}</p>
          <h2 id="auth-modal-title" className="mt-2 font-serif text-3xl text-ink-900">
            {titles.title}
          </h2>
          {addLabel && mode !== "forgot" ? <AddPrompt text={addPrompt(mode, addLabel)} /> : null}
          <div className="mt-6">
            <ModalForm
              key={`${mode}-${opening.count}`}
              mode={mode}
              redirectTo={entry.redirectTo}
              pendingAdd={entry.pendingAdd}
              onMode={setMode}
            />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** The way back and the pending add of an opening: from its /login address, else this page and none. */
function entryOf(loginHref: string | null, here: string): { redirectTo: string; pendingAdd: PendingAdd | null } {
  if (!loginHref) return { redirectTo: here, pendingAdd: null };
  const params = new URL(loginHref, "http://shop.invalid").searchParams;
  return { redirectTo: safeRedirect(params.get("redirectTo"), here), pendingAdd: readPendingAdd(params) };
}

/** One fetcher per opening and mode, so an old error never shows up in a fresh form. */
function ModalForm({
  mode,
  redirectTo,
  pendingAdd,
  onMode,
}: {
  mode: AuthMode;
  redirectTo: string;
  pendingAdd: PendingAdd | null;
  onMode: (mode: AuthMode) => void;
}) {
  // Login and registration answer with conform's result or "logged in"; forgot-password may confirm.
  const fetcher = useFetcher<ModalAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const lastResult = !answer || "loggedIn" in answer || answer.status === "sent" ? undefined : answer;
  const common = { as: fetcher.Form, lastResult, busy, idPrefix: "modal-" } as const;
  if (mode === "register") {
    return (
      <RegisterForm
        {...common}
        redirectTo={redirectTo}
        pendingAdd={pendingAdd}
        toLogin={{ href: "/login", onClick: () => onMode("login") }}
      />
    );
  }
  if (mode === "forgot") {
    return (
      <ForgotPasswordForm
        {...common}
        sentMessage={answer && "status" in answer && answer.status === "sent" ? answer.message : null}
        toLogin={{ href: "/login", onClick: () => onMode("login") }}
      />
    );
  }
  return (
    <LoginForm
      {...common}
      redirectTo={redirectTo}
      pendingAdd={pendingAdd}
      toRegister={{ href: "/register", onClick: () => onMode("register") }}
      toForgot={{ href: "/forgot-password", onClick: () => onMode("forgot") }}
    />
  );
}
