import { useHydrated } from "./use-hydrated";

/**
 * Tells the /cart action that JavaScript submitted the form through a fetcher, so it answers
 * with data instead of redirecting. Rendered only after hydration: without JavaScript the form
 * posts normally and the action redirects back (post/redirect/get).
 */
export function FetcherFlag() {
  return useHydrated() ? <input type="hidden" name="_fetcher" value="1" /> : null;
}
