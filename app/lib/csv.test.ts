import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, decodeCsvFile, parseCsv, pesosCell } from "./csv";

describe("csvCell", () => {
  it("writes numbers plainly and quotes text that needs it", () => {
    expect(csvCell(4890.5)).toBe("4890.5");
    expect(csvCell("Aretes Lágrima")).toBe("Aretes Lágrima");
    expect(csvCell("Oro, plata")).toBe('"Oro, plata"');
    expect(csvCell('Anillo "Tú y yo"')).toBe('"Anillo ""Tú y yo"""');
    expect(csvCell("dos\nlíneas")).toBe('"dos\nlíneas"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("sí");
  });

  it("keeps a spreadsheet from running text as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    // OWASP: the apostrophe, and the whole field quoted.
    expect(csvCell("+52 55 1234")).toBe(`"'+52 55 1234"`);
    expect(csvCell("@a")).toBe(`"'@a"`);
    expect(csvCell("-1")).toBe(`"'-1"`);
    expect(csvCell("\t=1+2")).toBe(`"'\t=1+2"`);
    expect(csvCell("\r=1+2")).toBe(`"'\r=1+2"`);
    expect(csvCell("  =1+2")).toBe(`"'  =1+2"`);
  });

  it("quotes both list separators, so `;` cannot start a new cell where it is Excel's separator", () => {
    expect(csvCell("Ciudad;=1+2")).toBe('"Ciudad;=1+2"');
    expect(csvCell("Ciudad;=1+2", ";")).toBe('"Ciudad;=1+2"');
    expect(csvCell("Ciudad,=1+2", ";")).toBe('"Ciudad,=1+2"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    expect(csvLine(["Centro", 'Ciudad;=HYPERLINK("http://evil.example","x")', 3])).toBe(
      'Centro,"Ciudad;=HYPERLINK(""http://evil.example"",""x"")",3\r\n',
    );
  });

  it("every cell of a line, split on `,` or on `;` outside quotes, starts with no formula character", () => {
    const hostile = ["=1+2", ";=1+2", "a;=1+2", "a,=1+2", "a\n=1+2", '"=1+2', "'=1+2", "-", "@SUM(A1)", " +1"];
    for (const separator of [",", ";"]) {
      const line = csvLine(hostile);
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (const char of line.replace(/\r\n$/, "")) {
        if (char === '"') quoted = !quoted;
        if (!quoted && char === separator) {
          cells.push(cell);
          cell = "";
        } else cell += char;
      }
      cells.push(cell);
      for (const value of cells) {
        // A quoted cell's text is what is inside the quotes.
        const text = value.startsWith('"') ? value.slice(1) : value;
        expect(text, `${separator} ${value}`).not.toMatch(/^\s*[=+\-@\t\r]/);
      }
    }
  });

  it("writes pesos with a point and two decimals", () => {
    expect(pesosCell(489_000)).toBe("4890.00");
    expect(pesosCell(29)).toBe("0.29");
    expect(pesosCell(null)).toBe("");
  });
});

describe("parseCsv", () => {
  it("reads what csvLine writes, BOM and all", () => {
    const values = ["Anillo, oro", 'Dijo "sí"', "dos\r\nlíneas", "=1+1", "4890.00", ""];
    const text = `${CSV_BOM}${csvLine(["a", "b", "c", "d", "e", "f"])}${csvLine(values)}`;
    expect(parseCsv(text)).toEqual({ separator: ",", header: ["a", "b", "c", "d", "e", "f"], rows: [values] });
  });

  it("gives back every value the export neutralised, apostrophes of its own included", () => {
    const values = ["=1+2", "'=1+2", "''@x", "'hola", "-", "+52 55", "Ciudad;=1+2", "\t=1", " -5", "l'arte", "'"];
    const text = `${CSV_BOM}${csvLine(values.map((_, i) => `c${i}`))}${csvLine(values)}`;
    expect(parseCsv(text)!.rows).toEqual([values]);
  });

  it("reads a file saved with semicolons and LF, and drops blank lines", () => {
    expect(parseCsv("Nombre;Precio\nAnillo;4890,50\n;\n\nCollar;100\n")).toEqual({
      separator: ";",
      header: ["nombre", "precio"],
      rows: [
        ["Anillo", "4890,50"],
        ["Collar", "100"],
      ],
    });
  });

  it("refuses a quote that is never closed", () => {
    expect(parseCsv('a,b\n"abierta,1\n')).toBeNull();
  });
});

describe("decodeCsvFile", () => {
  it("reads UTF-8, and Windows-1252 when the bytes are not UTF-8", () => {
    expect(decodeCsvFile(new TextEncoder().encode("Lágrima"))).toBe("Lágrima");
    expect(decodeCsvFile(Uint8Array.from([0x4c, 0xe1, 0x67]))).toBe("Lág");
  });
});
