/**
 * The PAC's errors (SW Sapien answers `{ status: "error", message: "CFDI40145 - …" }` with the SAT's
 * code) as the Spanish message the shopper reads next to the field to fix. Codes the shopper cannot fix
 * read as a message for the whole form, and staff see the PAC's own text in /admin.
 */

export type PacField = "rfc" | "name" | "zip" | "regimen" | "uso";
export type MappedPacError = { field: PacField | null; message: string; code: string };

const BY_CODE: Record<string, { field: PacField; message: string }> = {
  CFDI40143: {
    field: "rfc",
    message:
      "El SAT no tiene este RFC entre los contribuyentes activos. Revisa que esté escrito como en tu Constancia de Situación Fiscal.",
  },
  CFDI40145: {
    field: "name",
    message:
      "El nombre o razón social no coincide con el que el SAT tiene para este RFC. Escríbelo exactamente como en tu Constancia de Situación Fiscal, sin «S.A. de C.V.».",
  },
  CFDI40147: {
    field: "zip",
    message:
      "El código postal no coincide con el domicilio fiscal que el SAT tiene para este RFC. Usa el de tu Constancia de Situación Fiscal.",
  },
  CFDI40157: {
    field: "regimen",
    message: "El SAT no reconoce ese régimen fiscal. Elige el de tu Constancia de Situación Fiscal.",
  },
  CFDI40158: {
    field: "regimen",
    message:
      "Ese régimen fiscal no corresponde a este RFC según el SAT. Elige el de tu Constancia de Situación Fiscal.",
  },
  CFDI40160: { field: "uso", message: "El SAT no reconoce ese uso del CFDI; elige otro de la lista." },
  CFDI40161: {
    field: "uso",
    message: "Ese uso del CFDI no es válido para tu régimen fiscal según el SAT; elige otro.",
  },
};

export const PAC_UNAVAILABLE_MESSAGE =
  "El servicio de facturación no respondió. Tu solicitud quedó guardada: intenta de nuevo en unos minutos (nunca se emitirá dos veces).";

/** The SAT code at the start of the PAC's message ("CFDI40145 - …" or "307. …"), or "" when none. */
export function pacErrorCode(message: string): string {
  return /^\s*([A-Z]*\d+)/.exec(message)?.[1] ?? "";
}

export function mapPacError(message: string): MappedPacError {
  const code = pacErrorCode(message);
  const known = BY_CODE[code];
  if (known) return { ...known, code };
  return {
    field: null,
    code,
    message: `No pudimos emitir tu factura: el servicio de facturación la rechazó${code ? ` (código ${code})` : ""}. Ya lo registramos; escríbenos y la resolvemos.`,
  };
}
