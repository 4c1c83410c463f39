import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False on the server, during hydration and without JavaScript; true once React runs in the
 * browser. Renders JavaScript-only controls safely (no hydration mismatch).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
