import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CartActionData } from "~/lib/cart-messages";
import { ADD_TO_CART_FEEDBACK_MS } from "~/lib/constants";

/**
 * The JavaScript side of every add-to-cart form (product card prompt, detail page): a fetcher
 * posting to /cart, "✓ Añadido" for two seconds after success, and an error that
 * mentions "autenticado" sends the shopper to /login with the current page as origin.
 */
export function useAddToCart() {
  const fetcher = useFetcher<CartActionData>();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [added, setAdded] = useState(false);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (!result.ok && result.message.includes("autenticado")) {
      navigate(`/login?redirectTo=${encodeURIComponent(here)}`);
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
  // add pieces, so it is a notice.
  const error = result && !result.ok ? result.message : null;
  const notice = result?.ok ? result.notice : null;
  return { fetcher, here, added, busy: fetcher.state !== "idle", error, notice };
}
