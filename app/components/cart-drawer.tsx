import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { loader as cartLoader } from "~/routes/cart";
import { CART_DRAWER_OPEN_EVENT, setCartDrawerMounted } from "./cart-drawer-trigger";
import { CartView } from "./cart-view";
import { CloseIcon } from "./icons";

/**
 * The cart side drawer (JavaScript only): a modal dialog that loads the /cart loader with a
 * fetcher (one source of truth with the page) and shows the same CartView. Escape, the backdrop
 * and the close button close it; focus moves in on open and back to the cart button on close.
 */
export function CartDrawer() {
  const fetcher = useFetcher<typeof cartLoader>({ key: "cart-drawer" });
  const { load } = fetcher;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    setCartDrawerMounted(true);
    const onOpen = () => {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The dialog element is the one truth of "open": shown here, closed only by dialog.close(), and
      // `open` follows it for the content. (State driving showModal from an effect lost a reopen that
      // came right after Escape, before React had rendered the close.)
      showDialog(dialogRef.current, closeRef.current);
      setOpen(true);
      load("/cart");
    };
    window.addEventListener(CART_DRAWER_OPEN_EVENT, onOpen);
    return () => {
      setCartDrawerMounted(false);
      window.removeEventListener(CART_DRAWER_OPEN_EVENT, onOpen);
    };
  }, [load]);

  const close = useCallback(() => dialogRef.current?.close(), []);

  // Leaving the page (a product, /checkout, /login) closes the drawer.
  useEffect(() => {
    close();
  }, [location.pathname, location.search, close]);

  const onDialogClose = () => {
    // The close event is queued: after Escape the browser may already have handed the focus back and
    // the shopper reopened the dialog before it arrives. Then it is old news.
    if (dialogRef.current?.open) return;
    document.documentElement.style.overflow = "";
    setOpen(false);
    returnFocusRef.current?.focus();
    returnFocusRef.current = null;
  };

  const data = fetcher.data;
  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby="cart-drawer-title"
      onClose={onDialogClose}
      // The dialog fills the viewport; a click on it outside the panel is a click on the backdrop.
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
      className="cart-drawer m-0 ml-auto h-full max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-ink-900/45 backdrop:backdrop-blur-[2px] sm:max-w-md"
    >
      <div className="flex h-full flex-col bg-ivory-50 shadow-2xl">
        <header className="flex items-center justify-between border-b border-ink-900/10 px-6 py-5">
          <div>
            <p className="eyebrow">Joyería Aurora</p>
            <h2 id="cart-drawer-title" className="mt-1 font-serif text-3xl text-ink-900">
              Tu carrito
            </h2>
          </div>
          <button ref={closeRef} type="button" className="btn-ghost" onClick={close} aria-label="Cerrar carrito">
            <CloseIcon />
          </button>
        </header>
        {open && data ? (
          <CartView
            cart={data.cart}
            coupon={data.coupon}
            loggedIn={data.loggedIn}
            layout="drawer"
            onContinue={close}
            loadError={data.loadError}
            delivery={data.delivery}
          />
        ) : open ? (
          <p className="flex flex-1 items-center justify-center text-sm text-ink-700" role="status">
            Cargando carrito…
          </p>
        ) : null}
      </div>
    </dialog>
  );
}

function showDialog(dialog: HTMLDialogElement | null, focusTarget: HTMLElement | null) {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  focusTarget?.focus();
  document.documentElement.style.overflow = "hidden";
}
