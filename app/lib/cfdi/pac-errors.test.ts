import { describe, expect, it } from "vitest";
import { mapPacError, pacErrorCode } from "./pac-errors";
import { satVerificationUrl } from "./comprobante";

describe("mapPacError", () => {
  it("puts the SAT's receptor errors on the field to fix, in Spanish", () => {
    expect(mapPacError("CFDI40145 - El campo Nombre del receptor, debe pertenecer…")).toMatchObject({
      field: "name",
      code: "CFDI40145",
    });
    expect(mapPacError("CFDI40147 - El campo DomicilioFiscalReceptor…").field).toBe("zip");
    expect(mapPacError("CFDI40158 - La clave del campo RegimenFiscalReceptor…").field).toBe("regimen");
    expect(mapPacError("CFDI40161 - La clave del campo UsoCFDI…").field).toBe("uso");
    expect(mapPacError("CFDI40143 - Este RFC del receptor no existe…").field).toBe("rfc");
  });

  it("reads anything else as a message for the whole form, naming the code", () => {
    const mapped = mapPacError("CFDI40119 - El campo Total no corresponde…");
    expect(mapped.field).toBeNull();
    expect(mapped.message).toContain("CFDI40119");
    expect(pacErrorCode("307. El comprobante contiene un timbre previo.")).toBe("307");
    expect(pacErrorCode("sin código")).toBe("");
  });
});

describe("satVerificationUrl", () => {
  it("carries UUID, both RFCs, the total in 18.6 and the seal's last 8 characters", () => {
    expect(
      satVerificationUrl({
        uuid: "5FB2822E-396D-4725-8521-CDC4BDD20CCF",
        issuerRfc: "EKU9003173C9",
        receptorRfc: "COSC8001137NA",
        total: 162740,
        selloCFD: "abc…XYZ12345678",
      }),
    ).toBe(
      "https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF&re=EKU9003173C9&rr=COSC8001137NA&tt=000000000000001627.400000&fe=12345678",
    );
  });
});
