// @ts-check
// The stamped CFDI 4.0 XML the PAC simulator answers with: the Comprobante it was sent, sealed with a
// made-up issuer seal, and the TimbreFiscalDigital 1.1 complement with the UUID. The seals are random
// bytes: the simulator's invoices are not valid before the SAT, and say so in Leyenda.

/** @param {unknown} value */
function escape(value) {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** @param {Record<string, unknown>} attributes */
function attrs(attributes) {
  return Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => ` ${key}="${escape(value)}"`)
    .join("");
}

/**
 * @param {any} c the Comprobante as validated
 * @param {{ uuid: string, fechaTimbrado: string, selloCFD: string, selloSAT: string, noCertificado: string, noCertificadoSAT: string, rfcProvCertif: string }} stamp
 */
export function stampedXml(c, stamp) {
  const conceptos = c.Conceptos.map((/** @type {any} */ concepto) => {
    const { Impuestos, ...rest } = concepto;
    const traslados = Impuestos.Traslados.map((/** @type {any} */ t) => `<cfdi:Traslado${attrs(t)}/>`).join("");
    return `<cfdi:Concepto${attrs(rest)}><cfdi:Impuestos><cfdi:Traslados>${traslados}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`;
  }).join("");
  const { Emisor, Receptor, Impuestos, InformacionGlobal, CfdiRelacionados, ...rest } = c;
  const relacionados = (CfdiRelacionados ?? [])
    .map(
      (/** @type {any} */ group) =>
        `<cfdi:CfdiRelacionados${attrs({ TipoRelacion: group.TipoRelacion })}>` +
        group.CfdiRelacionado.map((/** @type {any} */ r) => `<cfdi:CfdiRelacionado${attrs({ UUID: r.UUID })}/>`).join(
          "",
        ) +
        `</cfdi:CfdiRelacionados>`,
    )
    .join("");
  const comprobante = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== "Conceptos"));
  const traslados = (Impuestos.Traslados ?? []).map((/** @type {any} */ t) => `<cfdi:Traslado${attrs(t)}/>`).join("");
  const tfd = attrs({
    "xmlns:tfd": "http://www.sat.gob.mx/TimbreFiscalDigital",
    "xsi:schemaLocation":
      "http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd",
    Version: "1.1",
    UUID: stamp.uuid,
    FechaTimbrado: stamp.fechaTimbrado,
    RfcProvCertif: stamp.rfcProvCertif,
    Leyenda: "Timbrado por el simulador de PAC de la tienda: sin validez ante el SAT",
    SelloCFD: stamp.selloCFD,
    NoCertificadoSAT: stamp.noCertificadoSAT,
    SelloSAT: stamp.selloSAT,
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<cfdi:Comprobante${attrs({
      "xmlns:cfdi": "http://www.sat.gob.mx/cfd/4",
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xsi:schemaLocation": "http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd",
      ...comprobante,
      Sello: stamp.selloCFD,
      NoCertificado: stamp.noCertificado,
      Certificado: Buffer.from(`simulated certificate ${stamp.noCertificado}`).toString("base64"),
    })}>` +
    (InformacionGlobal ? `<cfdi:InformacionGlobal${attrs(InformacionGlobal)}/>` : "") +
    relacionados +
    `<cfdi:Emisor${attrs(Emisor)}/>` +
    `<cfdi:Receptor${attrs(Receptor)}/>` +
    `<cfdi:Conceptos>${conceptos}</cfdi:Conceptos>` +
    `<cfdi:Impuestos${attrs({ TotalImpuestosTrasladados: Impuestos.TotalImpuestosTrasladados })}><cfdi:Traslados>${traslados}</cfdi:Traslados></cfdi:Impuestos>` +
    `<cfdi:Complemento><tfd:TimbreFiscalDigital${tfd}/></cfdi:Complemento>` +
    `</cfdi:Comprobante>`
  );
}
