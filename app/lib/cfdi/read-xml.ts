/**
 * Reads what the printed invoice shows from a stamped CFDI 4.0 XML (the legal document, as the PAC
 * returned it): the Comprobante's attributes, Emisor, Receptor, each Concepto with its IVA, and the
 * TimbreFiscalDigital. The XML comes from the PAC, so a small attribute reader is enough; anything
 * missing reads as "".
 */

export type Attributes = Record<string, string>;

export type CfdiView = {
  comprobante: Attributes;
  emisor: Attributes;
  receptor: Attributes;
  conceptos: Array<Attributes & { iva: string }>;
  timbre: Attributes;
  /** An egreso's related CFDI (the first CfdiRelacionado's UUID), else "". */
  relacionado: string;
  /** A factura global's period (Periodicidad, Meses, Año); empty on any other CFDI. */
  informacionGlobal: Attributes;
};

function unescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attributesOf(tag: string): Attributes {
  const result: Attributes = {};
  for (const [, name = "", value = ""] of tag.matchAll(/([^\s="<>/]+)="([^"]*)"/g)) result[name] = unescape(value);
  return result;
}

function firstTag(xml: string, name: string): Attributes {
  const match = new RegExp(`<${name}\\b[^>]*>`).exec(xml);
  return match ? attributesOf(match[0]) : {};
}

export function readCfdi(xml: string): CfdiView {
  const conceptos = [...xml.matchAll(/<cfdi:Concepto\b([^>]*)>([\s\S]*?)<\/cfdi:Concepto>/g)].map((match) => {
    const traslado = firstTag(match[2] ?? "", "cfdi:Traslado");
    return { ...attributesOf(match[1] ?? ""), iva: traslado.Importe ?? "" };
  });
  return {
    comprobante: firstTag(xml, "cfdi:Comprobante"),
    emisor: firstTag(xml, "cfdi:Emisor"),
    receptor: firstTag(xml, "cfdi:Receptor"),
    conceptos,
    timbre: firstTag(xml, "tfd:TimbreFiscalDigital"),
    relacionado: firstTag(xml, "cfdi:CfdiRelacionado").UUID ?? "",
    informacionGlobal: firstTag(xml, "cfdi:InformacionGlobal"),
  };
}
