import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

/** Every one of these must fall back to "/": each would leave the shop, or break the Location header. */
const HOSTILE: [string, unknown][] = [
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/steal"],
  ["backslash after slash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash only", "\\evil.example"],
  ["tab after the first slash", "/\t/evil.example/steal"],
  ["tab and backslash", "/\t\\evil.example"],
  ["newline after the first slash", "/\n/evil.example"],
  ["carriage return", "/\r/evil.example"],
  ["CRLF header injection", "/cart\r\nSet-Cookie: x=1"],
  ["NUL byte", "/\u0000/evil.example"],
  ["vertical tab", "/\u000b/evil.example"],
  ["form feed", "/\u000c/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["C1 next-line", "/\u0085/evil.example"],
  ["absolute http URL", "http://evil.example"],
  ["absolute https URL", "https://evil.example/login"],
  ["scheme-relative with credentials", "//user:pass@evil.example"],
  ["javascript: URL", "javascript:alert(1)"],
  ["javascript: with leading space", " javascript:alert(1)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["vbscript: URL", "vbscript:msgbox(1)"],
  ["relative without slash", "evil.example"],
  ["leading space then protocol-relative", " //evil.example"],
  ["dot segments collapsing to //", "/.//evil.example"],
  ["parent segments collapsing to //", "/..//evil.example"],
  ["dot-dot then backslash", "/..\\evil.example"],
  ["three slashes", "///evil.example"],
  ["empty string", ""],
  ["null", null],
  ["undefined", undefined],
  ["a number", 42],
  ["a File-like object", { name: "x" }],
  ["very long", `/${"a".repeat(5000)}`],
  ["unicode fullwidth solidus prefix", "／／evil.example"],
  ["mailto:", "mailto:victim@example.test"],
];

describe("safeRedirect", () => {
  it.each(HOSTILE)("refuses %s", (_label, value) => {
    expect(safeRedirect(value as string, "/")).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/cart")).toBe("/cart");
  });

  it.each([
    ["/", "/"],
    ["/cart", "/cart"],
    ["/producto/12?modelo=Oro%20rosa&talla=7", "/producto/12?modelo=Oro%20rosa&talla=7"],
    ["/?categoria=rings#productos", "/?categoria=rings#productos"],
    ["/search?q=anillo coraz\u00f3n", "/search?q=anillo%20coraz%C3%B3n"],
  ])("keeps the shop path %s (percent-encoded for the Location header)", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it("keeps look-alike and encoded slashes inside the path, where they cannot change the host", () => {
    // Encoded: the browser never decodes them into a host. Look-alikes: percent-encoded by the URL parser.
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirect("/%5Cevil.example")).toBe("/%5Cevil.example");
    expect(safeRedirect("/\uff0fevil.example")).toBe("/%EF%BC%8Fevil.example");
    expect(safeRedirect("/\u2215\u2215evil.example")).toBe("/%E2%88%95%E2%88%95evil.example");
  });

  it("never returns a value that would make an invalid Location header", () => {
    for (const [, value] of HOSTILE) expect(safeRedirect(value as string)).toMatch(/^\/[\x21-\x7e]*$/);
    expect(safeRedirect("/pedido/ñandú")).toMatch(/^\/[\x21-\x7e]*$/);
  });
});
