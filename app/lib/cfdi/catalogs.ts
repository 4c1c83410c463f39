import type { PersonType } from "./rfc";

/**
 * The SAT catalogues an invoice of the shop needs (Anexo 20, CFDI 4.0), as small typed tables:
 * c_RegimenFiscal with who may use each régimen, c_UsoCFDI with the régimenes each use allows, the
 * c_FormaPago keys the shop's payment methods map to, and the product and unit keys of its concepts.
 */

export type Regimen = { code: string; name: string; fisica: boolean; moral: boolean };

export const REGIMENES: readonly Regimen[] = [
  { code: "601", name: "General de Ley Personas Morales", fisica: false, moral: true },
  { code: "603", name: "Personas Morales con Fines no Lucrativos", fisica: false, moral: true },
  { code: "605", name: "Sueldos y Salarios e Ingresos Asimilados a Salarios", fisica: true, moral: false },
  { code: "606", name: "Arrendamiento", fisica: true, moral: false },
  { code: "607", name: "Régimen de Enajenación o Adquisición de Bienes", fisica: true, moral: false },
  { code: "608", name: "Demás ingresos", fisica: true, moral: false },
  {
    code: "610",
    name: "Residentes en el Extranjero sin Establecimiento Permanente en México",
    fisica: true,
    moral: true,
  },
  { code: "611", name: "Ingresos por Dividendos (socios y accionistas)", fisica: true, moral: false },
  { code: "612", name: "Personas Físicas con Actividades Empresariales y Profesionales", fisica: true, moral: false },
  { code: "614", name: "Ingresos por intereses", fisica: true, moral: false },
  { code: "615", name: "Régimen de los ingresos por obtención de premios", fisica: true, moral: false },
  { code: "616", name: "Sin obligaciones fiscales", fisica: true, moral: false },
  {
    code: "620",
    name: "Sociedades Cooperativas de Producción que optan por diferir sus ingresos",
    fisica: false,
    moral: true,
  },
  { code: "621", name: "Incorporación Fiscal", fisica: true, moral: false },
  { code: "622", name: "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras", fisica: false, moral: true },
  { code: "623", name: "Opcional para Grupos de Sociedades", fisica: false, moral: true },
  { code: "624", name: "Coordinados", fisica: false, moral: true },
  {
    code: "625",
    name: "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
    fisica: true,
    moral: false,
  },
  { code: "626", name: "Régimen Simplificado de Confianza", fisica: true, moral: true },
];

/** The régimenes c_UsoCFDI allows for the G (gastos) and I (inversiones) uses. */
const BUSINESS = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"];
const EVERY = REGIMENES.map((r) => r.code);

/** c_UsoCFDI: each use, who may use it, and the receptor's régimenes it allows (the catalogue's columns). */
export type Uso = { code: string; name: string; fisica: boolean; moral: boolean; regimenes: readonly string[] };

export const USOS: readonly Uso[] = [
  { code: "G01", name: "Adquisición de mercancías", fisica: true, moral: true, regimenes: BUSINESS },
  { code: "G03", name: "Gastos en general", fisica: true, moral: true, regimenes: BUSINESS },
  { code: "I08", name: "Otra maquinaria y equipo", fisica: true, moral: true, regimenes: BUSINESS },
  { code: "S01", name: "Sin efectos fiscales", fisica: true, moral: true, regimenes: EVERY },
];

/** The use a shopper gets unless they pick another: Gastos en general. */
export const DEFAULT_USO = "G03";

export function regimenesFor(person: PersonType | null): Regimen[] {
  return REGIMENES.filter((r) => person === null || r[person]);
}

export function findRegimen(code: string): Regimen | undefined {
  return REGIMENES.find((r) => r.code === code);
}

export function findUso(code: string): Uso | undefined {
  return USOS.find((u) => u.code === code);
}

/** The uses a receptor with this régimen (and person type) may put on an invoice for a purchase. */
export function usosFor(regimen: string | null, person: PersonType | null): Uso[] {
  return USOS.filter((u) => (regimen === null || u.regimenes.includes(regimen)) && (person === null || u[person]));
}

export function regimenAllowedFor(regimen: string, person: PersonType): boolean {
  return findRegimen(regimen)?.[person] === true;
}

export function usoAllowedFor(uso: string, regimen: string, person: PersonType): boolean {
  const found = findUso(uso);
  return found !== undefined && found[person] && found.regimenes.includes(regimen);
}

/** c_FormaPago for how the order was paid (PAYMENT_METHODS); a card is credit 04 or debit 28 as the provider says. */
export const FORMAS_PAGO = {
  "01": "Efectivo",
  "03": "Transferencia electrónica de fondos",
  "04": "Tarjeta de crédito",
  "28": "Tarjeta de débito",
  "99": "Por definir",
} as const;
export type FormaPago = keyof typeof FORMAS_PAGO;

export function formaPagoFor(paymentMethod: string | null, cardFunding?: string | null): FormaPago {
  if (paymentMethod === "oxxo") return "01";
  if (paymentMethod === "spei") return "03";
  return cardFunding === "debit" ? "28" : "04";
}

export const METODOS_PAGO = { PUE: "Pago en una sola exhibición", PPD: "Pago en parcialidades o diferido" } as const;

/**
 * c_ClaveProdServ: fine jewellery is segment 54 (Timepieces and Jewelry and Gemstone Products), family
 * 5410 (Jewelry), class 541015 (Fine jewelry); shipping and gift packaging are services.
 */
export const PRODUCT_KEYS = {
  fineJewellery: { code: "54101500", name: "Joyería fina" },
  shipping: { code: "78102203", name: "Servicios de envío, recogida o entrega de correo" },
  giftWrap: { code: "14111800", name: "Papeles para uso comercial" },
} as const;

/** c_ClaveUnidad: H87 pieza for goods, E48 unidad de servicio for shipping. */
export const UNIT_KEYS = {
  piece: { code: "H87", name: "Pieza" },
  service: { code: "E48", name: "Unidad de servicio" },
} as const;

/** ObjetoImp 02: the concept is subject to tax (IVA trasladado). */
export const OBJETO_IMP_SI = "02";
/** IVA is impuesto 002 in c_Impuesto, trasladado at 16 % ("0.160000", factor Tasa). */
export const IVA = { impuesto: "002", tasa: "0.160000", factor: "Tasa" } as const;

/** A razón social is written without its corporate form since CFDI 4.0 ("S.A. de C.V." and the like). */
export const CORPORATE_SUFFIX =
  /[\s,]+(S\.?\s?A\.?\s?P\.?\s?I\.?\s?(DE\s+)?C\.?\s?V\.?|S\.?\s?A\.?\s?(DE\s+)?C\.?\s?V\.?|S\.?\s?(DE\s+)?R\.?\s?L\.?(\s?(DE\s+)?C\.?\s?V\.?)?|S\.?\s?C\.?|A\.?\s?C\.?|S\.?\s?A\.?\s?S\.?|S\.?\s?A\.?)\.?$/;

/** c_MotivoCancelacion (CFDI 4.0): why an invoice is cancelled; 01 needs the substitute invoice's UUID. */
export const CANCEL_MOTIVES = {
  "01": "Comprobante emitido con errores con relación",
  "02": "Comprobante emitido con errores sin relación",
  "03": "No se llevó a cabo la operación",
  "04": "Operación nominativa relacionada en una factura global",
} as const;
export type CancelMotive = keyof typeof CANCEL_MOTIVES;
