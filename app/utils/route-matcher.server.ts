import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { memoizeBounded } from "./memoize";

/** What the matcher reads of a build's route (`ServerBuild["routes"]` has these and more). */
type RouteEntry = Pick<ServerBuild["routes"][string], "id" | "parentId" | "path" | "index" | "caseSensitive">;

const PATHS_REMEMBERED = { maxEntries: 1_000, maxKeyLength: 512 };

type RouteObject = NonNullable<Parameters<typeof matchRoutes>[0]>[number];

/**
 * The Remix route id that answers a URL (`routes/producto.$id` for `/producto/7`, also for its
 * single-fetch data request `/producto/7.data`): a bounded label for the metrics, unlike raw paths.
 * Every request is labelled, so the answer per path is remembered (the last 1,000 paths of up to 512
 * characters).
 */
export function routeMatcher(routes: Record<string, RouteEntry | undefined>): (url: string) => string {
  const byParent = new Map<string | undefined, RouteEntry[]>();
  for (const route of Object.values(routes)) {
    if (route) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const root = tree(undefined);
  const routeIdOf = memoizeBounded((pathname) => {
    // A path that cannot be decoded matches no route (and matchRoutes would warn on the console).
    try {
      decodeURI(pathname);
    } catch {
      return "unmatched";
    }
    // Index and layout routes are both matched; the deepest match answers.
    const matches = matchRoutes(root, pathname);
    return matches?.at(-1)?.route.id ?? "unmatched";
  }, PATHS_REMEMBERED);
  return (url) => {
    let pathname = url.split("?")[0] ?? "/";
    if (pathname === "/_root.data") pathname = "/";
    else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
    return routeIdOf(pathname);
  };
}
