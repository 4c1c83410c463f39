import { type ComponentType, lazy, Suspense } from "react";

/**
 * A component whose JavaScript a page's first load does not fetch. The server renders it in place,
 * from `onServer`: the component imported through a `.server` module, which the browser build
 * leaves empty (undefined there). The browser keeps that HTML as it is, inside a Suspense boundary,
 * and hydrates it once `load` has fetched the component's own chunk (React's selective hydration).
 * For what the first paint never needs: parts below the fold, or ones that render nothing visible.
 * Rendered afresh after a client-side navigation, it appears when its chunk has arrived.
 */
export function lazyHydrated<P extends object>(
  onServer: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // A lazy component's props type adds a ref, which these components never take.
  const Component = (onServer ??
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        () => {
          // The chunk is gone: a deploy replaced the build this page came from (several instances
          // roll one at a time). Reload, as Remix does for a route module it cannot fetch; throwing
          // would put the root's error view in place of the whole page.
          window.location.reload();
          return new Promise<never>(() => {});
        },
      ),
    )) as ComponentType<P>;
  function LazyHydrated(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return LazyHydrated;
}
