// @ts-check
// The contract between the shop's HTTP server and the app's build (app/shop-entry.ts, docs/request-path.md).

/** @typedef {import("../app/shop-entry").ShopEntry} ShopEntry */

/** Every member of ShopEntry (the type checker fails here if one is added there and not here). */
/** @type {{ [K in keyof ShopEntry]: true }} */
const MEMBERS = {
  startUp: true,
  checkRequest: true,
  renderedPages: true,
  assemblePersonalPage: true,
  wholeBodyOf: true,
  prepareBuild: true,
};

/** Builds already checked (the server asks on every request; development swaps builds). */
const checked = new WeakMap();

/**
 * The build's `shopEntry` (exported by app/entry.server.tsx), checked: a build without it, or without
 * one of its members (a build of another app, or of an older shop), is refused with a message that says
 * what is missing and what to do, before the server listens.
 * @param {{ entry: { module: Record<string, unknown> } }} build
 * @returns {ShopEntry}
 */
export function shopEntryOf(build) {
  const known = checked.get(build);
  if (known) return known;
  const entry = /** @type {Record<string, unknown> | undefined} */ (build.entry.module.shopEntry);
  const missing =
    entry !== null && typeof entry === "object"
      ? Object.keys(MEMBERS).filter((name) => typeof entry[name] !== "function")
      : ["shopEntry"];
  if (missing.length > 0) {
    throw new Error(
      `The build lacks the shop's server entry (${missing.join(", ")}; \`export const shopEntry\` in ` +
        "app/entry.server.tsx, typed by app/shop-entry.ts): run `npm run build` in the shop's directory. " +
        "docs/request-path.md says what the server needs from it.",
    );
  }
  const shopEntry = /** @type {ShopEntry} */ (/** @type {unknown} */ (entry));
  checked.set(build, shopEntry);
  return shopEntry;
}
