import { findRegimen } from "~/lib/cfdi/catalogs";
import type { Issuer } from "~/lib/cfdi/comprobante";
import { checkRfc } from "~/lib/cfdi/rfc";
import { type GlobalPeriodicity, isGlobalPeriodicity } from "~/lib/cfdi/global";

/**
 * Invoicing's settings (CFDI 4.0 through a PAC, docs/decisions/035), read from the environment apart from
 * env.server.ts:
 *
 * - `PAC_API_TOKEN`: the PAC's token (SW Sapien); invoicing is on when it is set. `npm start` on
 *   localhost without it starts the project's PAC simulator and sets it (tools/pac-simulator/).
 * - `PAC_API_URL`: the PAC's API base (default SW's production `https://services.sw.com.mx`; its test
 *   environment is `https://services.test.sw.com.mx`).
 * - The shop as issuer of its invoices, until an admin saves its fiscal data in /admin/facturacion (the
 *   saved row wins: docs/decisions/064, invoicing/issuer.server.ts): `INVOICE_ISSUER_RFC` (default
 *   `SHOP_RFC`), `INVOICE_ISSUER_NAME` (razón social as on the Constancia de Situación Fiscal, without its
 *   corporate form, unlike `SHOP_LEGAL_NAME` on the legal pages), `INVOICE_ISSUER_REGIME`
 *   (c_RegimenFiscal), `INVOICE_ISSUER_ZIP` (lugar de expedición, 5 digits). With a token, all four or
 *   none: a half or wrong configuration refuses to start, on any run, naming the variable.
 * - `INVOICE_SERIES` (default `A`).
 */

export type InvoicingSettings = {
  pacUrl: string;
  pacToken: string;
  /** The issuer INVOICE_ISSUER_* give, null when none is set; the saved settings win over it. */
  envIssuer: Issuer | null;
  series: string;
  /** How often the factura global is issued: INVOICE_GLOBAL_PERIOD (diaria, semanal, mensual; default mensual). */
  globalPeriod: GlobalPeriodicity;
};

const DEFAULT_PAC_URL = "https://services.sw.com.mx";

let cached: { settings: InvoicingSettings | null } | undefined;

/** The settings, or null when invoicing is off (no PAC_API_TOKEN). Throws naming a missing or wrong variable. */
export function getInvoicingSettings(env: Record<string, string | undefined> = process.env): InvoicingSettings | null {
  if (env === process.env && cached) return cached.settings;
  const settings = readSettings(env);
  if (env === process.env) cached = { settings };
  return settings;
}

export function resetInvoicingSettingsCache(): void {
  cached = undefined;
}

function readSettings(env: Record<string, string | undefined>): InvoicingSettings | null {
  const pacToken = env.PAC_API_TOKEN?.trim();
  if (!pacToken) return null;
  const envIssuer = readEnvIssuer(env);
  const series = env.INVOICE_SERIES?.trim() || "A";
  if (!/^[A-Z0-9]{1,25}$/.test(series))
    throw new Error(`INVOICE_SERIES must be 1–25 capital letters or digits, not "${series}".`);
  const pacUrl = (env.PAC_API_URL?.trim() || DEFAULT_PAC_URL).replace(/\/+$/, "");
  try {
    new URL(pacUrl);
  } catch {
    throw new Error(`PAC_API_URL must be a URL, not "${pacUrl}".`);
  }
  const globalPeriod = env.INVOICE_GLOBAL_PERIOD?.trim() || "mensual";
  if (!isGlobalPeriodicity(globalPeriod))
    throw new Error(`INVOICE_GLOBAL_PERIOD must be diaria, semanal or mensual, not "${globalPeriod}".`);
  return { pacUrl, pacToken, envIssuer, series, globalPeriod };
}

const ISSUER_VARIABLES = ["INVOICE_ISSUER_RFC", "INVOICE_ISSUER_NAME", "INVOICE_ISSUER_REGIME", "INVOICE_ISSUER_ZIP"];

function readEnvIssuer(env: Record<string, string | undefined>): Issuer | null {
  if (!ISSUER_VARIABLES.some((name) => env[name]?.trim())) return null;
  const need = (name: string, hint: string): string => {
    const value = env[name]?.trim();
    if (!value) {
      throw new Error(
        `${name} is required when PAC_API_TOKEN is set (invoicing on) and another INVOICE_ISSUER_* is: ${hint}. ` +
          "Set all four, or none and save the shop's fiscal data at /admin/facturacion. Refusing to start.",
      );
    }
    return value;
  };
  const rfc =
    env.INVOICE_ISSUER_RFC?.trim() ||
    env.SHOP_RFC?.trim() ||
    need("INVOICE_ISSUER_RFC", "the shop's RFC as issuer of its invoices (or SHOP_RFC)");
  const rfcCheck = checkRfc(rfc);
  if (!rfcCheck.ok)
    throw new Error(`INVOICE_ISSUER_RFC (or SHOP_RFC) "${rfc}" is not a valid RFC: ${rfcCheck.message}`);
  const name = need(
    "INVOICE_ISSUER_NAME",
    "the shop's razón social as on its Constancia de Situación Fiscal, without S.A. de C.V.",
  );
  const regimen = need("INVOICE_ISSUER_REGIME", "the shop's régimen fiscal, a c_RegimenFiscal key such as 601 or 626");
  if (!findRegimen(regimen)?.[rfcCheck.person]) {
    throw new Error(
      `INVOICE_ISSUER_REGIME "${regimen}" is not a régimen of a persona ${rfcCheck.person} (RFC ${rfc}).`,
    );
  }
  const zip = need("INVOICE_ISSUER_ZIP", "the postcode of the place the invoices are issued (lugar de expedición)");
  if (!/^\d{5}$/.test(zip)) throw new Error(`INVOICE_ISSUER_ZIP must be 5 digits, not "${zip}".`);
  return { rfc: rfcCheck.rfc, name: name.toUpperCase(), regimen, zip };
}
