import { getEnv } from "./env.server";
import { isLocalShop } from "./origin.server";

/**
 * Whether the shop runs for real (docs/decisions/028): its public origin is not this computer
 * (APP_ORIGIN other than localhost), or the operator asked for production (NODE_ENV=production, as the
 * container image does). There an embedded default (the local e-mail outbox) is a problem to report,
 * not a convenience.
 *
 * `npm start` runs the production build with NODE_ENV=production even when nobody asked for it; when
 * the operator set neither NODE_ENV=production nor a public APP_ORIGIN it tells the server so with
 * LOCAL_TRIAL=1 (scripts/start.mjs). That is a handshake between the start script and the server, not
 * an operator's setting, so it is read here rather than in env.server.ts's documented settings.
 */
export function runsForReal(): boolean {
  if (!isLocalShop()) return true;
  return getEnv().NODE_ENV === "production" && process.env.LOCAL_TRIAL !== "1";
}
