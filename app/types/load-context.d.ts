import "@remix-run/node";

declare module "@remix-run/node" {
  /** What the shop's HTTP server (server/app.mjs) passes to every loader and action. */
  interface AppLoadContext {
    /** The client's address (TCP peer, or per TRUST_PROXY what our proxies saw); null when unknown. */
    clientAddress?: string | null;
  }
}
