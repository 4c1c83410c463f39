import type { ServerBuild } from "@remix-run/node";
import type { assemblePersonalPage } from "./utils/personal-pages.server";
import type { RenderedPages } from "./utils/rendered-pages.server";
import type { checkRequest } from "./utils/request.server";
import type { startUp } from "./utils/start-up.server";

/**
 * What the shop's HTTP server (server/index.mjs, server/app.mjs) needs from the app's build beyond
 * Remix's own `ServerBuild`: app/entry.server.tsx exports it as `shopEntry`, server/shop-entry.mjs
 * reads it from `build.entry.module.shopEntry` and refuses to start a build without every member.
 * The request path that uses each: docs/request-path.md.
 */
export type ShopEntry = {
  /** Once, before listening: validates the configuration, starts the jobs; settings, logger, metrics, stop. */
  startUp: typeof startUp;
  /** On every request before Remix: a foreign origin or an oversized body is refused (a Spanish 4xx). */
  checkRequest: typeof checkRequest;
  /** The rendered-page cache anonymous catalogue pages are answered from (decision 023). */
  renderedPages: () => RenderedPages;
  /** A signed-in shopper's catalogue page assembled from the cached anonymous one, or null (decision 046). */
  assemblePersonalPage: typeof assemblePersonalPage;
  /** The body of a page rendered whole, sent in one write; undefined for every other response. */
  wholeBodyOf: (response: Response) => Buffer | undefined;
  /** The build with the shop's rules around every loader and action (database outage, unexpected errors). */
  prepareBuild: (build: ServerBuild) => ServerBuild;
};
