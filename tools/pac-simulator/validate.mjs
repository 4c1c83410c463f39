// @ts-check
// What the PAC simulator checks before stamping, as the SAT's validations (Anexo 20, Matriz de errores
// CFDI 4.0) that a PAC applies: required fields, catalogue codes, the receptor's RFC and its régimen and
// uso, each concept's amounts and IVA within the SAT's limits, and the totals. Errors carry the SAT's
// code and text, as SW Sapien answers them ("CFDI40xxx - …").
import { Rfc } from "@nodecfdi/rfc";

/** c_RegimenFiscal: [física, moral]. @type {Record<string, [boolean, boolean]>} */
const REGIMENES = {
  601: [false, true],
  603: [false, true],
  605: [true, false],
  606: [true, false],
  607: [true, false],
  608: [true, false],
  610: [true, true],
  611: [true, false],
  612: [true, false],
  614: [true, false],
  615: [true, false],
  616: [true, false],
  620: [false, true],
  621: [true, false],
  622: [false, true],
  623: [false, true],
  624: [false, true],
  625: [true, false],
  626: [true, true],
};
const BUSINESS = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"];
/** c_UsoCFDI: the régimenes each use allows (the subset the simulator knows). */
const USOS = { G01: BUSINESS, G02: BUSINESS, G03: BUSINESS, I08: BUSINESS, S01: Object.keys(REGIMENES) };
const FORMAS_PAGO = ["01", "02", "03", "04", "05", "06", "28", "29", "99"];
const UNIT_KEYS = ["H87", "E48", "ACT", "EA"];
/**
 * The SAT's list of registered taxpayers (LRFC), for the RFCs the simulator knows: name and fiscal
 * postcode must match, as the SAT checks them. Other valid RFCs are taken as registered.
 */
export const PADRON = {
  EKU9003173C9: { nombre: "ESCUELA KEMPER URGATE", cp: "42501" },
  COSC8001137NA: { nombre: "CARLOS COSIO SOTO", cp: "06700" },
};

export class CfdiError extends Error {
  /** @param {string} code @param {string} message @param {string} [detail] */
  constructor(code, message, detail) {
    super(`${code} - ${message}`);
    this.code = code;
    this.detail = detail ?? message;
  }
}

const AMOUNT = /^\d{1,18}(\.\d{1,6})?$/;

/** @param {unknown} value @param {string} field */
function required(value, field) {
  if (value === undefined || value === null || value === "") {
    throw new CfdiError("CFDI40100", `El campo ${field} es requerido.`);
  }
  return String(value);
}

/** Pesos with up to six decimals to millionths of a peso (integer). @param {string} value @param {string} field */
function micros(value, field) {
  if (!AMOUNT.test(value)) throw new CfdiError("CFDI40101", `El campo ${field} no cumple con el patrón requerido.`);
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 1_000_000 + Number((fraction ?? "").padEnd(6, "0"));
}

/** @param {string} value */
function decimals(value) {
  return value.includes(".") ? (value.split(".")[1] ?? "").length : 0;
}

/**
 * Validates a CFDI 4.0 Comprobante (the JSON SW's "Emisión Timbrado JSON" takes). Throws CfdiError.
 * @param {any} c
 */
export function validateComprobante(c) {
  if (!c || typeof c !== "object") throw new CfdiError("CFDI40100", "El comprobante es requerido.");
  if (c.Version !== "4.0") throw new CfdiError("CFDI40102", "El campo Version debe tener el valor 4.0.");
  for (const field of ["Fecha", "SubTotal", "Moneda", "Total", "TipoDeComprobante", "Exportacion", "LugarExpedicion"]) {
    required(c[field], field);
  }
  if (c.TipoDeComprobante !== "I" && c.TipoDeComprobante !== "E")
    throw new CfdiError("CFDI40104", "El campo TipoDeComprobante no contiene un valor del catálogo.");
  if (c.TipoDeComprobante === "E" || c.CfdiRelacionados) validateRelacionados(c);
  if (!FORMAS_PAGO.includes(required(c.FormaPago, "FormaPago"))) {
    throw new CfdiError("CFDI40104", "El campo FormaPago no contiene un valor del catálogo c_FormaPago.");
  }
  if (!["PUE", "PPD"].includes(required(c.MetodoPago, "MetodoPago"))) {
    throw new CfdiError("CFDI40125", "El campo MetodoPago no contiene un valor del catálogo c_MetodoPago.");
  }
  if (!/^\d{5}$/.test(c.LugarExpedicion))
    throw new CfdiError("CFDI40129", "El campo LugarExpedicion no contiene un valor del catálogo c_CodigoPostal.");
  const emisor = c.Emisor ?? {};
  required(emisor.Rfc, "Emisor.Rfc");
  required(emisor.Nombre, "Emisor.Nombre");
  if (!(required(emisor.RegimenFiscal, "Emisor.RegimenFiscal") in REGIMENES)) {
    throw new CfdiError(
      "CFDI40135",
      "El campo RegimenFiscal del emisor no contiene un valor del catálogo c_RegimenFiscal.",
    );
  }
  if (c.InformacionGlobal || c.Receptor?.Rfc === "XAXX010101000") validateGlobal(c);
  else validateReceptor(c.Receptor ?? {});
  validateAmounts(c);
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/**
 * An egreso (nota de crédito) relates the CFDI it corrects: CfdiRelacionados with TipoRelacion 01
 * (nota de crédito de los documentos relacionados) and each related UUID well formed.
 * @param {any} c
 */
function validateRelacionados(c) {
  const groups = c.CfdiRelacionados;
  if (!Array.isArray(groups) || groups.length === 0) {
    throw new CfdiError("CFDI40100", "El campo CfdiRelacionados es requerido en un comprobante de egreso.");
  }
  for (const group of groups) {
    if (!["01", "02", "03", "04", "05", "06", "07"].includes(group?.TipoRelacion)) {
      throw new CfdiError("CFDI40196", "El campo TipoRelacion no contiene un valor del catálogo c_TipoRelacion.");
    }
    const related = group.CfdiRelacionado;
    if (!Array.isArray(related) || related.length === 0 || !related.every((r) => UUID.test(String(r?.UUID)))) {
      throw new CfdiError("CFDI40197", "El campo UUID del CfdiRelacionado no tiene la estructura de un folio fiscal.");
    }
  }
}

/**
 * A factura global: to PUBLICO EN GENERAL (XAXX010101000, régimen 616, uso S01, the issuer's postcode)
 * with InformacionGlobal (c_Periodicidad, c_Meses, Año).
 * @param {any} c
 */
function validateGlobal(c) {
  const r = c.Receptor ?? {};
  const g = c.InformacionGlobal;
  if (r.Rfc !== "XAXX010101000" || !g)
    throw new CfdiError(
      "CFDI40106",
      "El nodo InformacionGlobal debe existir si el RFC del receptor es XAXX010101000 y el nombre PUBLICO EN GENERAL, y sólo entonces.",
    );
  if (r.Nombre !== "PUBLICO EN GENERAL")
    throw new CfdiError("CFDI40145", "El campo Nombre del receptor debe ser PUBLICO EN GENERAL.");
  if (r.DomicilioFiscalReceptor !== c.LugarExpedicion)
    throw new CfdiError("CFDI40149", "El campo DomicilioFiscalReceptor debe ser igual al LugarExpedicion.");
  if (r.RegimenFiscalReceptor !== "616")
    throw new CfdiError("CFDI40158", "El campo RegimenFiscalReceptor debe ser 616 Sin obligaciones fiscales.");
  if (r.UsoCFDI !== "S01") throw new CfdiError("CFDI40161", "El campo UsoCFDI debe ser S01 Sin efectos fiscales.");
  if (!["01", "02", "03", "04", "05"].includes(g.Periodicidad))
    throw new CfdiError("CFDI40107", "El campo Periodicidad no contiene un valor del catálogo c_Periodicidad.");
  const month = Number(g.Meses);
  const fitsMonth = g.Periodicidad === "05" ? month >= 13 && month <= 18 : month >= 1 && month <= 12;
  if (!/^\d{2}$/.test(String(g.Meses)) || !fitsMonth)
    throw new CfdiError("CFDI40108", "El campo Meses no contiene un valor del catálogo c_Meses para esa periodicidad.");
  const year = Number(g["Año"]);
  if (!Number.isInteger(year) || year < 2021 || year > new Date().getUTCFullYear())
    throw new CfdiError("CFDI40110", "El campo Año debe ser igual al año en curso o al año inmediato anterior.");
}

/** @param {any} r */
function validateReceptor(r) {
  const rfcText = required(r.Rfc, "Receptor.Rfc");
  const rfc = Rfc.parseOrNull(rfcText);
  if (!rfc || !rfc.doesCheckSumMatch() || rfc.isGeneric() || rfc.isForeign()) {
    throw new CfdiError(
      "CFDI40143",
      "Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.",
    );
  }
  const nombre = required(r.Nombre, "Receptor.Nombre");
  const cp = required(r.DomicilioFiscalReceptor, "Receptor.DomicilioFiscalReceptor");
  const regimen = required(r.RegimenFiscalReceptor, "Receptor.RegimenFiscalReceptor");
  const uso = required(r.UsoCFDI, "Receptor.UsoCFDI");
  const known = PADRON[/** @type {keyof typeof PADRON} */ (rfcText)];
  if (known && known.nombre !== nombre) {
    throw new CfdiError(
      "CFDI40145",
      "El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.",
    );
  }
  if (!/^\d{5}$/.test(cp) || (known && known.cp !== cp)) {
    throw new CfdiError(
      "CFDI40147",
      "El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.",
    );
  }
  const fits = REGIMENES[regimen];
  if (!fits)
    throw new CfdiError(
      "CFDI40157",
      "La clave del campo RegimenFiscalReceptor no contiene un valor del catálogo c_RegimenFiscal.",
    );
  if (!fits[rfc.isMoral() ? 1 : 0]) {
    throw new CfdiError(
      "CFDI40158",
      "La clave del campo RegimenFiscalReceptor debe corresponder con el tipo de persona (física o moral).",
    );
  }
  const allowed = USOS[/** @type {keyof typeof USOS} */ (uso)];
  if (!allowed) throw new CfdiError("CFDI40160", "El campo UsoCFDI no contiene un valor del catálogo c_UsoCFDI.");
  if (!allowed.includes(regimen)) {
    throw new CfdiError(
      "CFDI40161",
      "La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y el régimen correspondiente conforme al catálogo c_UsoCFDI.",
    );
  }
}

/** @param {any} c */
function validateAmounts(c) {
  const conceptos = c.Conceptos;
  if (!Array.isArray(conceptos) || conceptos.length === 0)
    throw new CfdiError("CFDI40100", "El campo Conceptos es requerido.");
  let subtotal = 0;
  let discount = 0;
  let taxes = 0;
  for (const [i, concepto] of conceptos.entries()) {
    const where = `Conceptos[${i}]`;
    if (!/^\d{8}$/.test(required(concepto.ClaveProdServ, `${where}.ClaveProdServ`))) {
      throw new CfdiError("CFDI40162", "El campo ClaveProdServ no contiene un valor del catálogo c_ClaveProdServ.");
    }
    if (!UNIT_KEYS.includes(required(concepto.ClaveUnidad, `${where}.ClaveUnidad`))) {
      throw new CfdiError("CFDI40166", "El campo ClaveUnidad no contiene un valor del catálogo c_ClaveUnidad.");
    }
    required(concepto.Descripcion, `${where}.Descripcion`);
    const quantity = Number(required(concepto.Cantidad, `${where}.Cantidad`));
    const unit = micros(required(concepto.ValorUnitario, `${where}.ValorUnitario`), "ValorUnitario");
    const importe = micros(required(concepto.Importe, `${where}.Importe`), "Importe");
    const qDec = decimals(String(concepto.Cantidad));
    const uDec = decimals(concepto.ValorUnitario);
    const low = (quantity - 10 ** -qDec / 2) * (unit / 1e6 - 10 ** -uDec / 2);
    const high = (quantity + 10 ** -qDec / 2) * (unit / 1e6 + 10 ** -uDec / 2);
    if (importe / 1e6 < low - 1e-9 || importe / 1e6 > high + 1e-9) {
      throw new CfdiError(
        "CFDI40169",
        "El valor del campo Importe no se encuentra entre el límite inferior y superior permitido.",
      );
    }
    const descuento = concepto.Descuento ? micros(concepto.Descuento, "Descuento") : 0;
    if (concepto.ObjetoImp !== "02") {
      throw new CfdiError(
        "CFDI40172",
        "El campo ObjetoImp no contiene un valor del catálogo c_ObjetoImp o no corresponde con los impuestos del concepto.",
      );
    }
    const traslados = concepto.Impuestos?.Traslados;
    if (!Array.isArray(traslados) || traslados.length !== 1) {
      throw new CfdiError(
        "CFDI40173",
        "Si el valor del campo ObjetoImp es 02, se debe registrar el nodo Impuestos del concepto.",
      );
    }
    const t = traslados[0];
    const base = micros(required(t.Base, `${where}.Traslado.Base`), "Base");
    if (base !== importe - descuento)
      throw new CfdiError(
        "CFDI40180",
        "El valor del campo Base que corresponde a Traslado debe ser igual al Importe menos el Descuento.",
      );
    if (t.Impuesto !== "002" || t.TipoFactor !== "Tasa" || t.TasaOCuota !== "0.160000") {
      throw new CfdiError(
        "CFDI40187",
        "El valor del campo TasaOCuota que corresponde a Traslado no contiene un valor del catálogo c_TasaOcuota.",
      );
    }
    const iva = micros(required(t.Importe, `${where}.Traslado.Importe`), "Importe");
    const bDec = decimals(t.Base);
    const ivaDec = decimals(t.Importe);
    const step = 10 ** (6 - ivaDec);
    const lowIva = Math.floor(((base / 1e6 - 10 ** -bDec / 2) * 0.16 * 1e6) / step) * step;
    const highIva = Math.ceil(((base / 1e6 + 10 ** -bDec / 2 - 1e-12) * 0.16 * 1e6) / step) * step;
    if (iva < lowIva || iva > highIva) {
      throw new CfdiError(
        "CFDI40190",
        "El valor del campo Importe que corresponde a Traslado no se encuentra entre el límite inferior y superior permitido.",
      );
    }
    subtotal += importe;
    discount += descuento;
    taxes += iva;
  }
  const round = (/** @type {number} */ m) => Math.round(m / 10_000) * 10_000;
  if (micros(c.SubTotal, "SubTotal") !== round(subtotal)) {
    throw new CfdiError(
      "CFDI40108",
      "El valor del campo SubTotal no es igual a la suma de los importes de los conceptos registrados.",
    );
  }
  if ((c.Descuento ? micros(c.Descuento, "Descuento") : 0) !== round(discount)) {
    throw new CfdiError(
      "CFDI40110",
      "El valor registrado en el campo Descuento no es igual a la suma de los valores registrados en el campo Descuento de los conceptos.",
    );
  }
  const total = required(c.Impuestos?.TotalImpuestosTrasladados, "Impuestos.TotalImpuestosTrasladados");
  if (micros(total, "TotalImpuestosTrasladados") !== round(taxes)) {
    throw new CfdiError(
      "CFDI40201",
      "El valor del campo TotalImpuestosTrasladados no es igual a la suma de los importes registrados en el elemento hijo Traslado.",
    );
  }
  const expected = round(subtotal) - round(discount) + round(taxes);
  if (micros(c.Total, "Total") !== expected) {
    throw new CfdiError(
      "CFDI40119",
      "El campo Total no corresponde con la suma del subtotal, menos los descuentos aplicables, más las contribuciones recibidas (impuestos trasladados) menos los impuestos retenidos.",
    );
  }
}
