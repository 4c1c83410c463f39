import type { Comprobante } from "~/lib/cfdi/comprobante";
import { logger } from "~/utils/logger.server";
import type { InvoicingSettings } from "./settings.server";

/**
 * The PAC, SW Sapien's REST "Emisión Timbrado JSON" (docs/decisions/035), called with fetch: the
 * Comprobante as JSON, sealed with the shop's CSD kept at the PAC and stamped. Its base URL is a setting
 * (PAC_API_URL), so the same client talks to the project's PAC simulator. A Comprobante with a Serie and
 * Folio the PAC already stamped answers 307 with the earlier stamp: a retry after a timeout gets the same
 * invoice instead of a second one.
 */

export const ISSUE_PATH = "/v3/cfdi33/issue/json/v4";
const TIMEOUT_MS = 30_000;

export type PacStamp = {
  uuid: string;
  fechaTimbrado: string;
  cfdi: string;
};

export type PacResult =
  | { ok: true; stamp: PacStamp; repeated: boolean }
  | { ok: false; kind: "rejected"; message: string }
  | { ok: false; kind: "unavailable"; reason: string };

type PacAnswer = { status?: string; message?: string; messageDetail?: string; data?: Partial<PacStamp> };

function stampOf(data: Partial<PacStamp> | undefined): PacStamp | null {
  if (!data || typeof data.uuid !== "string" || typeof data.cfdi !== "string") return null;
  return { uuid: data.uuid.toUpperCase(), fechaTimbrado: String(data.fechaTimbrado ?? ""), cfdi: data.cfdi };
}

/**
 * `expected` guards the repeat: the earlier stamp of this Serie and Folio must be this receptor's invoice
 * for this total (a restored database whose folios started again must never take another order's stamp).
 */
export async function issueCfdi(
  settings: InvoicingSettings,
  comprobante: Comprobante,
  expected: { rfc: string; total: string },
): Promise<PacResult> {
  let response: Response;
  let answer: PacAnswer;
  try {
    response = await fetch(`${settings.pacUrl}${ISSUE_PATH}`, {
      method: "POST",
      headers: { Authorization: `bearer ${settings.pacToken}`, "Content-Type": "application/jsontoxml" },
      body: JSON.stringify(comprobante),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = (await response.json()) as PacAnswer;
  } catch (error) {
    return { ok: false, kind: "unavailable", reason: error instanceof Error ? error.message : String(error) };
  }
  const message = answer.message ?? "";
  if (answer.status === "success") {
    const stamp = stampOf(answer.data);
    if (stamp) return { ok: true, stamp, repeated: false };
  }
  if (/^307\b/.test(message)) {
    const stamp = stampOf(answer.data);
    if (stamp && sameInvoice(stamp.cfdi, expected)) return { ok: true, stamp, repeated: true };
    logger.error(
      { series: comprobante.Serie, folio: comprobante.Folio },
      "the PAC holds another CFDI for this Serie and Folio: check INVOICE_SERIES and the folio sequence",
    );
    return { ok: false, kind: "rejected", message };
  }
  if (response.status === 401 || response.status === 403) {
    logger.error({ status: response.status, message }, "the PAC refused PAC_API_TOKEN: check the setting");
    return { ok: false, kind: "unavailable", reason: `PAC ${response.status}: ${message}` };
  }
  if (response.status >= 500 || !message) {
    return { ok: false, kind: "unavailable", reason: `PAC ${response.status}: ${message}` };
  }
  return { ok: false, kind: "rejected", message };
}

function sameInvoice(xml: string, expected: { rfc: string; total: string }): boolean {
  const total = /<cfdi:Comprobante\b[^>]*\sTotal="([^"]*)"/.exec(xml)?.[1];
  const rfc = /<cfdi:Receptor\b[^>]*\sRfc="([^"]*)"/.exec(xml)?.[1];
  return total === expected.total && rfc === expected.rfc;
}

export type PacCancelResult =
  { ok: true; acuse: string; code: string } | { ok: false; kind: "rejected" | "unavailable"; message: string };

/**
 * SW's cancellation by UUID with the CSD kept in the account (`POST /cfdi40/cancel/{rfc}/{uuid}/{motivo}
 * [/{folioSustitucion}]`): the SAT answers per UUID 201 (cancelled) or 202 (it already was), both taken
 * as cancelled, so a retry after a lost answer is harmless.
 */
export async function cancelCfdi(
  settings: Pick<InvoicingSettings, "pacUrl" | "pacToken">,
  request: { issuerRfc: string; uuid: string; motive: string; substitute: string | null },
): Promise<PacCancelResult> {
  const parts = [request.issuerRfc, request.uuid, request.motive, ...(request.substitute ? [request.substitute] : [])];
  let response: Response;
  let answer: { status?: string; message?: string; data?: { acuse?: string; uuid?: Record<string, string> } };
  try {
    response = await fetch(`${settings.pacUrl}/cfdi40/cancel/${parts.map(encodeURIComponent).join("/")}`, {
      method: "POST",
      headers: { Authorization: `bearer ${settings.pacToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    return { ok: false, kind: "unavailable", message: error instanceof Error ? error.message : String(error) };
  }
  const code = answer.data?.uuid?.[request.uuid.toUpperCase()] ?? answer.data?.uuid?.[request.uuid];
  if (answer.status === "success" && (code === "201" || code === "202"))
    return { ok: true, acuse: answer.data?.acuse ?? "", code };
  const message = answer.message ?? `PAC ${response.status}`;
  if (response.status === 401 || response.status === 403)
    logger.error({ status: response.status, message }, "the PAC refused PAC_API_TOKEN: check the setting");
  const unavailable = response.status >= 500 || response.status === 401 || response.status === 403;
  return { ok: false, kind: unavailable ? "unavailable" : "rejected", message };
}
