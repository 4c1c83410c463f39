// @ts-check
// The project's local PAC simulator: the subset of SW Sapien's REST API the shop uses (docs/decisions/035),
// for development, tests and the embedded default. `POST /v3/cfdi33/issue/json/v4` takes a CFDI 4.0
// Comprobante as JSON (Content-Type application/jsontoxml, `Authorization: bearer <token>`), validates it
// as the PAC and the SAT would (validate.mjs), seals and stamps it, and answers
// `{ status: "success", data: { uuid, fechaTimbrado, cfdi, … } }`, or `{ status: "error", message,
// messageDetail }` with the SAT's code. A Comprobante with the same issuer, Serie and Folio as one already
// stamped gets "307. El comprobante contiene un timbre previo." with the earlier stamp's data, so a retry
// never stamps twice.
import crypto from "node:crypto";
import http from "node:http";
import { CfdiError, validateComprobante } from "./validate.mjs";
import { stampedXml } from "./xml.mjs";

const MAX_BODY_BYTES = 512 * 1024;
export const ISSUE_PATH = "/v3/cfdi33/issue/json/v4";
/** SW's cancellation by UUID: /cfdi40/cancel/{rfc}/{uuid}/{motivo}[/{folioSustitucion}]. */
const CANCEL_PATH = /^\/cfdi40\/cancel\/([^/]+)\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/;

/**
 * @typedef {object} PacSimulatorOptions
 * @property {number} [port] 0 (the default) picks a free port
 * @property {string} [host]
 * @property {string} token what clients must send as `Authorization: bearer <token>`
 * @property {number} [delayMs] how long each stamp takes (tests overlap concurrent requests with it)
 */

/**
 * @typedef {object} PacSimulator
 * @property {string} url the API base
 * @property {number} port
 * @property {() => number} stampCount how many distinct CFDIs were stamped
 * @property {() => number} cancelCount how many CFDIs were cancelled
 * @property {(mode: "drop-after-stamp" | "unavailable") => void} failNext the next issue request stamps and
 *   then drops the connection (a timeout after the PAC stamped), or answers 503 without stamping
 * @property {() => Promise<void>} stop
 */

/**
 * @param {PacSimulatorOptions} options
 * @returns {Promise<PacSimulator>}
 */
export async function startPacSimulator({ port = 0, host = "127.0.0.1", token, delayMs = 0 }) {
  if (!token) throw new Error("The PAC simulator needs a token.");
  /** @type {Map<string, any>} stamps by issuer, Serie and Folio */
  const stamps = new Map();
  /** @type {"drop-after-stamp" | "unavailable" | null} */
  let fault = null;

  /** @param {any} c */
  function stamp(c) {
    const uuid = crypto.randomUUID().toUpperCase();
    // Mexico City time (UTC−6 all year), as the SAT writes it.
    const fechaTimbrado = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 19);
    const selloCFD = crypto.randomBytes(256).toString("base64");
    const selloSAT = crypto.randomBytes(256).toString("base64");
    const noCertificado = "30001000000500003416";
    const noCertificadoSAT = "30001000000500003456";
    const rfcProvCertif = "SPR190613I52";
    const cfdi = stampedXml(c, {
      uuid,
      fechaTimbrado,
      selloCFD,
      selloSAT,
      noCertificado,
      noCertificadoSAT,
      rfcProvCertif,
    });
    return {
      uuid,
      fechaTimbrado,
      cfdi,
      selloCFDI: selloCFD,
      selloSAT,
      noCertificadoCFDI: noCertificado,
      noCertificadoSAT,
      cadenaOriginalSAT: `||1.1|${uuid}|${fechaTimbrado}|${rfcProvCertif}|${selloCFD}|${noCertificadoSAT}||`,
      qrCode: "",
    };
  }

  /** @type {Map<string, string>} cancelled UUIDs with their motive */
  const cancelled = new Map();

  /**
   * SW's "cancelación por UUID" with the CSD kept in the account: the SAT's answer per UUID, 201
   * (cancelled) or 202 (it already was), with an acuse; or SW's error.
   * @param {string[]} parts rfc, uuid, motivo, folio de sustitución
   */
  function cancelStamp([rfc = "", rawUuid = "", motivo = "", substitute = ""]) {
    const uuid = rawUuid.toUpperCase();
    const stamped = [...stamps.values()].find((s) => s.uuid === uuid);
    if (!stamped) return { status: "error", message: "CA205 - UUID no existe", messageDetail: uuid };
    if (/<cfdi:Emisor\b[^>]*Rfc="([^"]*)"/.exec(stamped.cfdi)?.[1] !== rfc)
      return { status: "error", message: "CA203 - UUID no corresponde al emisor", messageDetail: rfc };
    if (!["01", "02", "03", "04"].includes(motivo))
      return { status: "error", message: "CACFDI33 - Motivo de cancelación no válido", messageDetail: motivo };
    if (motivo === "01" && !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i.test(substitute))
      return {
        status: "error",
        message: "CACFDI33 - El motivo 01 requiere el folio de sustitución",
        messageDetail: "",
      };
    // The SAT checks the substitute: a CFDI stamped for the issuer that relates this one with TipoRelacion 04.
    if (motivo === "01") {
      const replacement = [...stamps.values()].find((s) => s.uuid === substitute.toUpperCase());
      if (!replacement)
        return { status: "error", message: "CACFDI33 - El folio de sustitución no existe", messageDetail: substitute };
      if (!relatesAsSubstitute(replacement.cfdi, uuid))
        return {
          status: "error",
          message: "CACFDI33 - El folio de sustitución no relaciona el CFDI a cancelar con TipoRelacion 04",
          messageDetail: substitute,
        };
    }
    const code = cancelled.has(uuid) ? "202" : "201";
    if (code === "201") cancelled.set(uuid, motivo);
    const fecha = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 19);
    const acuse = `<?xml version="1.0" encoding="utf-8"?><Acuse Fecha="${fecha}" RfcEmisor="${rfc}"><Folios><UUID>${uuid}</UUID><EstatusUUID>${code}</EstatusUUID><Motivo>${motivo}</Motivo></Folios></Acuse>`;
    return { status: "success", data: { acuse, uuid: { [uuid]: code } } };
  }

  /** @param {string} xml @param {string} uuid */
  function relatesAsSubstitute(xml, uuid) {
    const group = /<cfdi:CfdiRelacionados TipoRelacion="04">(.*?)<\/cfdi:CfdiRelacionados>/.exec(xml)?.[1] ?? "";
    return group.toUpperCase().includes(`UUID="${uuid}"`);
  }

  const server = http.createServer((req, res) => {
    /** @param {number} status @param {unknown} body */
    const send = (status, body) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const chunks = /** @type {Buffer[]} */ ([]);
    let size = 0;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      void (async () => {
        const cancel = req.method === "POST" ? CANCEL_PATH.exec(req.url ?? "") : null;
        if (cancel) {
          if (req.headers.authorization?.replace(/^bearer\s+/i, "") !== token) {
            send(401, { status: "error", message: "AU2000 - El token no es válido", messageDetail: "" });
            return;
          }
          const current = fault;
          fault = null;
          if (current === "unavailable") {
            send(503, { status: "error", message: "500 - Servicio no disponible", messageDetail: "Intente más tarde" });
            return;
          }
          const answer = cancelStamp(cancel.slice(1).map((part) => decodeURIComponent(part ?? "")));
          send(answer.status === "success" ? 200 : 400, answer);
          return;
        }
        if (req.method !== "POST" || req.url !== ISSUE_PATH) {
          send(404, { status: "error", message: "404 - Not found", messageDetail: `${req.method} ${req.url}` });
          return;
        }
        if (req.headers.authorization?.replace(/^bearer\s+/i, "") !== token) {
          send(401, {
            status: "error",
            message: "AU2000 - El token no es válido",
            messageDetail: "Token inválido o expirado",
          });
          return;
        }
        if (size > MAX_BODY_BYTES) {
          send(413, { status: "error", message: "CFDI40001 - El comprobante excede el tamaño permitido" });
          return;
        }
        const current = fault;
        fault = null;
        if (current === "unavailable") {
          send(503, { status: "error", message: "500 - Servicio no disponible", messageDetail: "Intente más tarde" });
          return;
        }
        let comprobante;
        try {
          comprobante = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          send(400, {
            status: "error",
            message: "CFDI40001 - El JSON no es válido",
            messageDetail: "JSON mal formado",
          });
          return;
        }
        try {
          validateComprobante(comprobante);
        } catch (error) {
          if (error instanceof CfdiError) {
            send(400, { status: "error", message: error.message, messageDetail: error.detail });
            return;
          }
          throw error;
        }
        const key = `${comprobante.Emisor.Rfc}|${comprobante.Serie ?? ""}|${comprobante.Folio ?? ""}`;
        const previous = stamps.get(key);
        if (previous) {
          send(400, {
            status: "error",
            message: "307. El comprobante contiene un timbre previo.",
            messageDetail: previous.uuid,
            data: previous,
          });
          return;
        }
        const stamped = stamp(comprobante);
        stamps.set(key, stamped);
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (current === "drop-after-stamp") {
          req.socket.destroy();
          return;
        }
        send(200, { status: "success", data: stamped });
      })().catch((error) => {
        send(500, { status: "error", message: "500 - Error interno", messageDetail: String(error) });
      });
    });
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    stampCount: () => stamps.size,
    cancelCount: () => cancelled.size,
    failNext: (mode) => {
      fault = mode;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
