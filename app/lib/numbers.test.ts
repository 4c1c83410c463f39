import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupThousands } from "./numbers";

describe("groupThousands", () => {
  it("groups as es-MX does", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(999)).toBe("999");
    expect(groupThousands(1000)).toBe("1,000");
    expect(groupThousands(1234567)).toBe("1,234,567");
  });

  it("writes what toLocaleString('es-MX') writes, for any whole number", () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString("es-MX"));
      }),
      { numRuns: 2000 },
    );
  });
});
