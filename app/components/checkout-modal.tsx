import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CheckoutActionData, loader as checkoutLoader } from "~/routes/checkout";
import { CheckoutSteps, CheckoutUnavailable } from "./checkout";
import { CloseIcon } from "./icons";

/** Links that open the modal instead of navigating to /checkout (FINALIZAR COMPRA). */
export const OPEN_CHECKOUT = "open-checkout";

/**
 * The checkout modal: the JavaScript enhancement of /checkout. A FINALIZAR COMPRA link marked
 * `data-action="open-checkout"` opens it instead of navigating; it loads the /checkout loader with
 * a fetcher and posts the page's own step forms to the /checkout action through another, so the
 * server stays the only judge of the cart, the totals and the shipping data. PAGAR's answer is a
 * document redirect, so the browser leaves for the card provider's page. Without JavaScript the
 * link is simply the /checkout page.
 */
export function CheckoutModal() {
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const location = useLocation();

  useEffect(() => {
    // Capture phase: runs before the <Link>'s own click handler, which then sees defaultPrevented.
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest(`[data-action="${OPEN_CHECKOUT}"]`) : null;
      if (!(target instanceof HTMLElement)) return;
      // On /checkout itself the page already is the checkout; two copies of its forms would clash.
      if (window.location.pathname === "/checkout") return;
      event.preventDefault();
      returnFocusRef.current = target;
      // The dialog element is the one truth of "open": shown here, closed only by dialog.close(), and
      // `open` follows it for the content. (State driving showModal from an effect lost a reopen that
      // came right after Escape, before React had rendered the close.)
      const dialog = dialogRef.current;
      if (dialog && !dialog.open) {
        dialog.showModal();
        closeRef.current?.focus();
      }
      setOpening((n) => n + 1);
      setOpen(true);
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const close = useCallback(() => dialogRef.current?.close(), []);

  // Following a link from inside (Iniciar Sesión, Volver a la tienda) closes it.
  useEffect(() => {
    close();
  }, [location.pathname, location.search, close]);

  const onDialogClose = () => {
    // The close event is queued: after Escape the browser may already have handed the focus back and
    // the shopper reopened the dialog before it arrives. Then it is old news.
    if (dialogRef.current?.open) return;
    setOpen(false);
    // Back to the FINALIZAR COMPRA that opened it (still there: the drawer stays open underneath).
    if (returnFocusRef.current?.isConnected) returnFocusRef.current.focus();
    returnFocusRef.current = null;
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label="Finalizar compra"
      onClose={onDialogClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[92vh] w-[calc(100%-1.5rem)] max-w-5xl overflow-y-auto rounded-md bg-transparent p-0 backdrop:bg-ink-900/60 backdrop:backdrop-blur-sm"
      data-testid="checkout-modal"
    >
      <div className="relative bg-ivory-50 px-5 pb-8 pt-8 sm:px-10">
        <button
          ref={closeRef}
          type="button"
          onClick={close}
          className="btn-ghost absolute right-3 top-4"
          aria-label="Cerrar"
        >
          <CloseIcon />
        </button>
        {/* A fresh fetcher per opening: an old step or error never shows up in a new checkout. */}
        {open ? <CheckoutModalContent key={opening} /> : null}
      </div>
    </dialog>
  );
}

function CheckoutModalContent() {
  const page = useFetcher<typeof checkoutLoader>();
  const submit = useFetcher<CheckoutActionData>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { load } = page;
  const loaded = useRef(false);

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    load("/checkout");
  }, [load]);

  const answer = submit.data;
  const step = answer?.step === 2 && answer.shipping ? 2 : 1;
  const shownStep = useRef(step);
  // The step changed in place: focus its heading, so the change is announced and Tab starts there.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const data = page.data;
  if (!data) {
    return (
      <p className="py-16 text-center text-sm text-ink-700" role="status">
        Cargando…
      </p>
    );
  }
  if (data.state !== "ready") {
    return <CheckoutUnavailable reason={data.state} error={answer?.paymentError} heading="h2" />;
  }
  return (
    <CheckoutSteps
      as={submit.Form}
      page={data}
      answer={answer}
      busy={submit.state !== "idle"}
      heading="h2"
      headingRef={headingRef}
    />
  );
}
