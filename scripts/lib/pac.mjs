// @ts-check
// Invoicing (CFDI 4.0) for `npm start`: with PAC_API_TOKEN the shop talks to the PAC and nothing is
// started; without it, a shop on localhost gets the project's PAC simulator (tools/pac-simulator/) on a
// free port with a fresh token, and the SAT's test issuer as the shop's fiscal data unless INVOICE_ISSUER_* are set
// (docs/decisions/035) or an admin saved them in /admin/facturacion, which wins (064). A public shop
// without a token has invoicing off.
import crypto from "node:crypto";
import { importDevelopmentTool } from "./development-tools.mjs";
import { isLocalOrigin } from "./for-real.mjs";
import { log } from "./log.mjs";

/** The SAT's published test taxpayer: stamps made with it are not real invoices. */
const TEST_ISSUER = {
  INVOICE_ISSUER_RFC: "EKU9003173C9",
  INVOICE_ISSUER_NAME: "ESCUELA KEMPER URGATE",
  INVOICE_ISSUER_REGIME: "601",
  INVOICE_ISSUER_ZIP: "42501",
};

/**
 * @param {string} appOrigin
 * @returns {Promise<{ env: Record<string, string>, stop: () => Promise<void> }>}
 */
export async function invoicingSettings(appOrigin) {
  const none = { env: {}, stop: async () => {} };
  if (process.env.PAC_API_TOKEN) return none;
  if (!isLocalOrigin(appOrigin)) {
    log(
      "warn",
      `Invoicing: PAC_API_TOKEN is not set, so invoicing is off (the PAC simulator only runs for a shop on localhost, not ${appOrigin}).`,
    );
    return none;
  }
  const { startPacSimulator } = (await importDevelopmentTool("@joyeria/pac-simulator")) ?? {};
  if (!startPacSimulator) {
    log(
      "warn",
      "Invoicing: PAC_API_TOKEN is not set and the local PAC simulator is not installed here (the production image leaves it out), so invoicing is off.",
    );
    return none;
  }
  const token = `pac_local_${crypto.randomBytes(12).toString("hex")}`;
  const simulator = await startPacSimulator({ token });
  /** @type {Record<string, string>} */
  const issuer = {};
  for (const [name, value] of Object.entries(TEST_ISSUER)) issuer[name] = process.env[name] || value;
  log(
    "info",
    `Invoicing: local PAC simulator on ${simulator.url} (issuer ${issuer.INVOICE_ISSUER_RFC}; its invoices are not valid before the SAT)`,
  );
  return { env: { PAC_API_URL: simulator.url, PAC_API_TOKEN: token, ...issuer }, stop: simulator.stop };
}
