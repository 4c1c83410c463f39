import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { isCategoryId, SELECTED_CATEGORY_KEY } from "~/lib/constants";

/**
 * Choosing a category (header, mobile menu, logo — every `[data-category]` link) off the
 * home page stores it under SELECTED_CATEGORY_KEY; the home page then applies it and scrolls to
 * the grid (see routes/_index.tsx). The links themselves are real URLs, so nothing breaks without
 * JavaScript or storage.
 */
export function CategoryMemory() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === "/") return;
    function onClick(event: MouseEvent) {
      const link = (event.target as Element | null)?.closest?.<HTMLElement>("a[data-category]");
      const category = link?.dataset.category;
      if (!isCategoryId(category)) return;
      try {
        window.localStorage.setItem(SELECTED_CATEGORY_KEY, category);
      } catch {
        // Storage disabled: the link's URL carries the category anyway.
      }
    }
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [pathname]);
  return null;
}
