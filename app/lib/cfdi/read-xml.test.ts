import { describe, expect, it } from "vitest";
import { readCfdi } from "./read-xml";

describe("reading a stamped CFDI for its printed form", () => {
  it("reads a factura global's period, attribute names with ñ included, and escaped values", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante Version="4.0" Serie="G" Folio="3" Total="2524.00" TipoDeComprobante="I">
  <cfdi:InformacionGlobal Periodicidad="01" Meses="11" Año="2026"/>
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" UsoCFDI="S01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="LJ9200000002" Descripcion="Venta &amp; más" Importe="912.93">
      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Importe="146.07"/></cfdi:Traslados></cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
</cfdi:Comprobante>`;
    const cfdi = readCfdi(xml);
    expect(cfdi.informacionGlobal).toEqual({ Periodicidad: "01", Meses: "11", Año: "2026" });
    expect(cfdi.conceptos).toEqual([
      expect.objectContaining({ NoIdentificacion: "LJ9200000002", Descripcion: "Venta & más", iva: "146.07" }),
    ]);
    expect(cfdi.receptor.Nombre).toBe("PUBLICO EN GENERAL");
    expect(readCfdi(xml.replace(/<cfdi:InformacionGlobal[^>]*>/, "")).informacionGlobal).toEqual({});
  });
});
