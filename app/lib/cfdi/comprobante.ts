import { IVA } from "./catalogs";
import { centavosToDecimal, type CfdiAmounts } from "./concepts";

/**
 * The CFDI 4.0 Comprobante of an invoice as the PAC's JSON issue service takes it (the SAT's attribute
 * names, docs/decisions/035): an ingreso in MXN, not an export, paid in one exhibition (PUE), with the
 * concepts and taxes of `buildConcepts`.
 */

export type Issuer = { rfc: string; name: string; regimen: string; zip: string };
export type Receptor = { rfc: string; name: string; regimen: string; zip: string; uso: string };

export type ComprobanteInput = {
  issuer: Issuer;
  receptor: Receptor;
  amounts: CfdiAmounts;
  series: string;
  folio: number;
  date: Date;
  formaPago: string;
  metodoPago: "PUE";
  /** The invoice this one substitutes (SAT motive 01): related with TipoRelacion 04. */
  substitutes?: string | null;
};

/** The CFDI's Fecha: local time of the place of issue (Mexico City, UTC−6 all year), no zone. */
export function cfdiDate(date: Date): string {
  return new Date(date.getTime() - 6 * 3_600_000).toISOString().slice(0, 19);
}

export function buildComprobante(input: ComprobanteInput) {
  const { amounts } = input;
  const taxBase = amounts.concepts.reduce((sum, c) => sum + c.base, 0);
  return {
    Version: "4.0",
    Serie: input.series,
    Folio: String(input.folio),
    Fecha: cfdiDate(input.date),
    FormaPago: input.formaPago,
    MetodoPago: input.metodoPago,
    SubTotal: centavosToDecimal(amounts.subtotal),
    ...(amounts.discount > 0 ? { Descuento: centavosToDecimal(amounts.discount) } : {}),
    Moneda: "MXN",
    Total: centavosToDecimal(amounts.total),
    TipoDeComprobante: "I",
    Exportacion: "01",
    LugarExpedicion: input.issuer.zip,
    // 04 "Sustitución de los CFDI previos": the cancelled invoice's UUID, as SAT motive 01 requires.
    ...(input.substitutes
      ? { CfdiRelacionados: [{ TipoRelacion: "04", CfdiRelacionado: [{ UUID: input.substitutes }] }] }
      : {}),
    Emisor: { Rfc: input.issuer.rfc, Nombre: input.issuer.name, RegimenFiscal: input.issuer.regimen },
    Receptor: {
      Rfc: input.receptor.rfc,
      Nombre: input.receptor.name,
      DomicilioFiscalReceptor: input.receptor.zip,
      RegimenFiscalReceptor: input.receptor.regimen,
      UsoCFDI: input.receptor.uso,
    },
    Conceptos: amounts.concepts.map((c) => ({
      ClaveProdServ: c.productKey,
      ...(c.sku ? { NoIdentificacion: c.sku } : {}),
      Cantidad: String(c.quantity),
      ClaveUnidad: c.unitKey,
      Unidad: c.unitName,
      Descripcion: c.description,
      ValorUnitario: c.unitValue,
      Importe: centavosToDecimal(c.amount),
      ...(c.discount > 0 ? { Descuento: centavosToDecimal(c.discount) } : {}),
      ObjetoImp: c.objetoImp,
      Impuestos: {
        Traslados: [
          {
            Base: centavosToDecimal(c.base),
            Impuesto: IVA.impuesto,
            TipoFactor: IVA.factor,
            TasaOCuota: IVA.tasa,
            Importe: centavosToDecimal(c.iva),
          },
        ],
      },
    })),
    Impuestos: {
      TotalImpuestosTrasladados: centavosToDecimal(amounts.tax),
      Traslados: [
        {
          Base: centavosToDecimal(taxBase),
          Impuesto: IVA.impuesto,
          TipoFactor: IVA.factor,
          TasaOCuota: IVA.tasa,
          Importe: centavosToDecimal(amounts.tax),
        },
      ],
    },
  };
}

export type Comprobante = ReturnType<typeof buildComprobante>;

/** The SAT's verification URL the invoice's QR code carries (Anexo 20, apéndice 2). */
export function satVerificationUrl(input: {
  uuid: string;
  issuerRfc: string;
  receptorRfc: string;
  total: number;
  selloCFD: string;
}): string {
  const pesos = Math.floor(input.total / 100);
  const tt = `${String(pesos).padStart(18, "0")}.${String(input.total % 100).padEnd(6, "0")}`;
  const params = [
    `id=${input.uuid}`,
    `re=${encodeURIComponent(input.issuerRfc)}`,
    `rr=${encodeURIComponent(input.receptorRfc)}`,
    `tt=${tt}`,
    `fe=${encodeURIComponent(input.selloCFD.slice(-8))}`,
  ];
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${params.join("&")}`;
}
