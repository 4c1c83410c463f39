import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { amountInWords } from "~/lib/cfdi/amount-words";
import { findRegimen, findUso, FORMAS_PAGO, METODOS_PAGO } from "~/lib/cfdi/catalogs";
import { satVerificationUrl } from "~/lib/cfdi/comprobante";
import { readCfdi } from "~/lib/cfdi/read-xml";
import { formatMoney } from "~/lib/money";

/**
 * The printed representation of a stamped CFDI 4.0 (what a Mexican invoice shows): issuer and receptor
 * with RFC, régimen and postcode; folio fiscal (UUID), serie and folio, dates of issue and stamp;
 * each concept with its SAT product and unit keys; subtotal, IVA 16 % trasladado and total, the total in
 * words; payment form and method; the seals and the QR code with the SAT's verification URL. Everything
 * is read from the XML, the legal document.
 */

const INK = "#1f1a17";
const MUTED = "#6b625c";
const GOLD = "#9a7b3f";

/** c_Periodicidad: how often a factura global is issued. */
const PERIODICIDADES: Record<string, string> = {
  "01": "Diario",
  "02": "Semanal",
  "03": "Quincenal",
  "04": "Mensual",
  "05": "Bimestral",
};

function pesos(decimal: string | undefined): string {
  return formatMoney(Math.round(Number(decimal ?? "0") * 100));
}

function label(code: string | undefined, name: string | undefined): string {
  return name ? `${code} - ${name}` : (code ?? "");
}

export async function renderInvoicePdf(xml: string): Promise<Buffer> {
  const cfdi = readCfdi(xml);
  const { comprobante: c, emisor, receptor, timbre } = cfdi;
  const total = Math.round(Number(c.Total ?? "0") * 100);
  const verification = satVerificationUrl({
    uuid: timbre.UUID ?? "",
    issuerRfc: emisor.Rfc ?? "",
    receptorRfc: receptor.Rfc ?? "",
    total,
    selloCFD: c.Sello ?? "",
  });
  const qr = await QRCode.toBuffer(verification, { errorCorrectionLevel: "M", margin: 1, width: 220 });
  const doc = new PDFDocument({ size: "LETTER", margin: 40, info: { Title: `CFDI ${timbre.UUID ?? ""}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const left = 40;
  const width = doc.page.width - 80;
  doc
    .fillColor(GOLD)
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(emisor.Nombre ?? "", left, 40, { width: 330 });
  doc.fillColor(INK).font("Helvetica").fontSize(9);
  doc.text(`RFC: ${emisor.Rfc ?? ""}`, { width: 330 });
  doc.text(`Régimen fiscal: ${label(emisor.RegimenFiscal, findRegimen(emisor.RegimenFiscal ?? "")?.name)}`, {
    width: 330,
  });
  doc.text(`Lugar de expedición (C.P.): ${c.LugarExpedicion ?? ""}`, { width: 330 });

  const boxX = left + 340;
  doc
    .rect(boxX, 36, width - 340, cfdi.relacionado ? 104 : 92)
    .strokeColor(GOLD)
    .stroke();
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(c.TipoDeComprobante === "E" ? "NOTA DE CRÉDITO (CFDI 4.0)" : "FACTURA (CFDI 4.0)", boxX + 8, 42);
  doc.font("Helvetica").fontSize(8.5);
  doc.text(`Serie y folio: ${c.Serie ?? ""}-${c.Folio ?? ""}`, boxX + 8, 58);
  doc.text("Folio fiscal (UUID):", boxX + 8);
  doc.font("Helvetica-Bold").text(timbre.UUID ?? "", boxX + 8);
  doc.font("Helvetica").text(`Fecha de emisión: ${c.Fecha ?? ""}`, boxX + 8);
  doc.text(`Fecha de certificación: ${timbre.FechaTimbrado ?? ""}`, boxX + 8);
  doc.text(`Tipo de comprobante: ${c.TipoDeComprobante === "E" ? "E - Egreso" : "I - Ingreso"}`, boxX + 8);
  if (cfdi.relacionado) doc.text(`CFDI relacionado (01): ${cfdi.relacionado}`, boxX + 8);

  let y = 142;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(GOLD).text("RECEPTOR", left, y);
  doc.font("Helvetica").fillColor(INK).fontSize(9);
  doc.text(`${receptor.Nombre ?? ""}   RFC: ${receptor.Rfc ?? ""}`, left, y + 12, { width });
  doc.text(
    `Régimen fiscal: ${label(receptor.RegimenFiscalReceptor, findRegimen(receptor.RegimenFiscalReceptor ?? "")?.name)}   ·   Domicilio fiscal (C.P.): ${receptor.DomicilioFiscalReceptor ?? ""}`,
    { width },
  );
  doc.text(`Uso del CFDI: ${label(receptor.UsoCFDI, findUso(receptor.UsoCFDI ?? "")?.name)}`, { width });
  const global = cfdi.informacionGlobal;
  if (global.Periodicidad) {
    doc.text(
      `Información global: periodicidad ${label(global.Periodicidad, PERIODICIDADES[global.Periodicidad])}   ·   Meses: ${global.Meses ?? ""}   ·   Año: ${global["Año"] ?? ""}`,
      { width },
    );
  }

  y = doc.y + 14;
  const columns = [
    { title: "Clave SAT", x: left, w: 58 },
    { title: "Cant.", x: left + 58, w: 32 },
    { title: "Unidad", x: left + 90, w: 62 },
    { title: "Descripción", x: left + 152, w: 170 },
    { title: "Valor unitario", x: left + 322, w: 70 },
    { title: "Importe", x: left + 392, w: 68 },
    { title: "IVA 16 %", x: left + 460, w: width - 460 },
  ];
  doc.rect(left, y - 3, width, 16).fill("#f3ede2");
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(8);
  for (const col of columns) doc.text(col.title, col.x + 2, y + 1, { width: col.w - 4 });
  y += 18;
  doc.font("Helvetica").fontSize(8);
  for (const concepto of cfdi.conceptos) {
    const cells = [
      concepto.ClaveProdServ,
      concepto.Cantidad,
      `${concepto.ClaveUnidad} ${concepto.Unidad ?? ""}`,
      `${concepto.Descripcion}${concepto.NoIdentificacion ? ` (${concepto.NoIdentificacion})` : ""}\nObjeto de impuesto: ${concepto.ObjetoImp} · IVA Tasa 0.160000 trasladado`,
      pesos(concepto.ValorUnitario),
      pesos(concepto.Importe),
      pesos(concepto.iva),
    ];
    const cellsAt = columns.map((col, i) => ({ col, cell: cells[i] ?? "" }));
    const height = Math.max(...cellsAt.map(({ col, cell }) => doc.heightOfString(cell, { width: col.w - 4 })));
    for (const { col, cell } of cellsAt) doc.text(cell, col.x + 2, y, { width: col.w - 4 });
    y += height + 6;
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .strokeColor("#e5ddd0")
      .stroke();
  }

  y += 6;
  const totalsX = left + 322;
  const rows: Array<[string, string]> = [["Subtotal", pesos(c.SubTotal)]];
  if (c.Descuento) rows.push(["Descuento", pesos(c.Descuento)]);
  rows.push(["IVA 16 % trasladado", pesos(cfdiTax(xml))], ["Total", pesos(c.Total)]);
  for (const [name, value] of rows) {
    doc.font(name === "Total" ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    doc.text(name, totalsX, y, { width: 120 });
    doc.text(value, totalsX + 120, y, { width: width - 442, align: "right" });
    y += 14;
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(8.5)
    .text(`Importe con letra: ${amountInWords(total)}`, left, y - 42, { width: 270 });
  doc.font("Helvetica").fontSize(8.5);
  doc.text(
    `Forma de pago: ${label(c.FormaPago, FORMAS_PAGO[c.FormaPago as keyof typeof FORMAS_PAGO])}`,
    left,
    doc.y + 4,
    { width: 270 },
  );
  doc.text(`Método de pago: ${label(c.MetodoPago, METODOS_PAGO[c.MetodoPago as keyof typeof METODOS_PAGO])}`, {
    width: 270,
  });
  doc.text(`Moneda: ${c.Moneda ?? ""} · Exportación: ${c.Exportacion ?? ""} - No aplica`, { width: 270 });

  y = Math.max(y, doc.y) + 16;
  doc.image(qr, left, y, { width: 110 });
  const sealX = left + 122;
  const sealW = width - 122;
  doc.fontSize(6.5).fillColor(INK);
  const seal = (title: string, value: string | undefined) => {
    doc.font("Helvetica-Bold").text(title, sealX, doc.y === y ? y : undefined, { width: sealW });
    doc
      .font("Helvetica")
      .fillColor(MUTED)
      .text(value ?? "", { width: sealW })
      .fillColor(INK);
    doc.moveDown(0.3);
  };
  doc.y = y;
  seal("No. de serie del certificado del emisor", c.NoCertificado);
  seal(
    "No. de serie del certificado del SAT · RFC del proveedor de certificación",
    `${timbre.NoCertificadoSAT ?? ""} · ${timbre.RfcProvCertif ?? ""}`,
  );
  seal("Sello digital del CFDI", c.Sello);
  seal("Sello digital del SAT", timbre.SelloSAT);
  seal(
    "Cadena original del complemento de certificación digital del SAT",
    `||1.1|${timbre.UUID ?? ""}|${timbre.FechaTimbrado ?? ""}|${timbre.RfcProvCertif ?? ""}|${c.Sello ?? ""}|${timbre.NoCertificadoSAT ?? ""}||`,
  );
  doc.moveDown(0.5).font("Helvetica").fontSize(7).fillColor(MUTED);
  doc.text(
    "Este documento es una representación impresa de un CFDI 4.0. Verifícalo en el portal del SAT:",
    left,
    undefined,
    { width },
  );
  doc.text(verification, { width, link: verification, underline: false });
  if (timbre.Leyenda) doc.fillColor("#a11").text(timbre.Leyenda, { width });
  doc.end();
  return done;
}

function cfdiTax(xml: string): string {
  return /TotalImpuestosTrasladados="([^"]*)"/.exec(xml)?.[1] ?? "0";
}
