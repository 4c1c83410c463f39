import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CartActionData } from "~/lib/cart-messages";
import { pageAddressOf } from "~/lib/page-params";
import { ADD_TO_CART_FEEDBACK_MS } from "~/lib/constants";
import { openLoginModal } from "./auth-modal-trigger";

/**
 * The JavaScript side of every add-to-cart form (product card prompt, detail page): a fetcher
 * posting to /cart, "✓ Añadido" for two seconds after success. A logged-out shopper's add is answered
 * "Usuario no autenticado" with the /login address that finishes it: the login modal opens there,
 * saying why, and a successful login or registration puts the piece in the cart without leaving the
 * page (the modal is /login's enhancement; without it, that very page).
 */
export function useAddToCart(key?: string) {
  // A key lets the page read the answer too (the product page shows "Elige tu talla" by its sizes).
  const fetcher = useFetcher<CartActionData>(key ? { key } : undefined);
  const location = useLocation();
  // The page's address without what does not change it (ad-click ids): the same in every copy of a cached page.
  const here = pageAddressOf(location.pathname, location.search);
  const [added, setAdded] = useState(false);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const needsLogin = result !== undefined && !result.ok && result.message.includes("autenticado");
  useEffect(() => {
    if (!result) return;
    if (!result.ok && result.message.includes("autenticado")) {
      openLoginModal(result.loginHref ?? `/login?redirectTo=${encodeURIComponent(here)}`);
      return;
    }
    if (!result.ok || result.notice) return;
    setAdded(true);
    const timer = setTimeout(() => setAdded(false), ADD_TO_CART_FEEDBACK_MS);
    return () => clearTimeout(timer);
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  // A refusal is an error; an add limited to the stock ("Solo quedan 2 piezas disponibles") did
  // add pieces, so it is a notice. "Log in first" is the modal's to say.
  const error = result && !result.ok && !needsLogin && result.code !== "size_required" ? result.message : null;
  const notice = result?.ok ? result.notice : null;
  return { fetcher, here, added, busy: fetcher.state !== "idle", error, notice };
}
