import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ForgotPasswordForm } from "./auth/forgot-password-form";
import { LoginForm } from "./auth/login-form";
import { RegisterForm } from "./auth/register-form";
import type { AuthMode, ForgotPasswordAnswer } from "./auth/shared";
import { CloseIcon } from "./icons";

const TITLES: Record<AuthMode, { eyebrow: string; title: string }> = {
  login: { eyebrow: "Bienvenida de nuevo", title: "Iniciar Sesión" },
  register: { eyebrow: "Nueva cuenta", title: "Crear Cuenta" },
  forgot: { eyebrow: "Recuperar acceso", title: "¿Olvidaste tu contraseña?" },
};

/** Pages whose own forms are the login: after logging in from there, go to the shop instead. */
const AUTH_PAGES = ["/login", "/register", "/forgot-password", "/reset-password"];

/**
 * The auth modal: the JavaScript enhancement of /login, /register and
 * /forgot-password. Links marked `data-action="open-login"` open it instead of navigating; its
 * forms are fetchers posting to the same route actions. It closes itself once the user is logged in.
 */
export function AuthModal({ loggedIn }: { loggedIn: boolean }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [opening, setOpening] = useState(0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  const open = useCallback((next: AuthMode) => {
    setOpening((n) => n + 1);
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
      open("login");
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [open]);

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

  const redirectTo = AUTH_PAGES.includes(location.pathname) ? "/" : `${location.pathname}${location.search}`;
  const titles = mode ? TITLES[mode] : null;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="auth-modal-title"
      onClose={() => setMode(null)}
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
          <div className="mt-6">
            <ModalForm key={`${mode}-${opening}`} mode={mode} redirectTo={redirectTo} onMode={setMode} />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** One fetcher per opening and mode, so an old error never shows up in a fresh form. */
function ModalForm({
  mode,
  redirectTo,
  onMode,
}: {
  mode: AuthMode;
  redirectTo: string;
  onMode: (mode: AuthMode) => void;
}) {
  // Login and registration answer with conform's result or redirect; forgot-password may confirm.
  const fetcher = useFetcher<ForgotPasswordAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const lastResult = answer?.status === "sent" ? undefined : answer;
  const common = { as: fetcher.Form, lastResult, busy, idPrefix: "modal-" } as const;
  if (mode === "register") {
    return (
      <RegisterForm {...common} redirectTo={redirectTo} toLogin={{ href: "/login", onClick: () => onMode("login") }} />
    );
  }
  if (mode === "forgot") {
    return (
      <ForgotPasswordForm
        {...common}
        sentMessage={answer?.status === "sent" ? answer.message : null}
        toLogin={{ href: "/login", onClick: () => onMode("login") }}
      />
    );
  }
  return (
    <LoginForm
      {...common}
      redirectTo={redirectTo}
      toRegister={{ href: "/register", onClick: () => onMode("register") }}
      toForgot={{ href: "/forgot-password", onClick: () => onMode("forgot") }}
    />
  );
}
