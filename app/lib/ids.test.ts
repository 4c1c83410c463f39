import { describe, expect, it } from "vitest";
import { MAX_ID, parseId, parseOrderNumber } from "./ids";
import { idField } from "./validation/id-field";

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    [String(MAX_ID), MAX_ID],
  ])("reads %s as %i", (value, id) => expect(parseId(value)).toBe(id));

  it.each(["", "0", "007", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x1", String(MAX_ID + 1), "99999999999"])(
    "refuses %j",
    (value) => expect(parseId(value)).toBeNull(),
  );

  it("refuses what is not a string", () => {
    expect(parseId(1)).toBeNull();
    expect(parseId(null)).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});

describe("idField", () => {
  it("gives the number, or the message it was given", () => {
    const field = idField("Solicitud no válida");
    expect(field.parse("12")).toBe(12);
    const failed = field.safeParse("012");
    expect(failed.success ? null : failed.error.issues[0]?.message).toBe("Solicitud no válida");
  });
});

describe("parseOrderNumber", () => {
  it("reads LJ numbers in either case, upper-cased", () => {
    expect(parseOrderNumber("LJ123456")).toBe("LJ123456");
    expect(parseOrderNumber("lj000042")).toBe("LJ000042");
    // Today's numbers (ten random digits) and the six-digit ones of orders placed before them.
    expect(parseOrderNumber("lj4821937365")).toBe("LJ4821937365");
  });

  it.each(["", "LJ", "123456", "LJ-123", "LJ 123", "LJ1234567890123", "XJ123456", "LJ123456 "])("refuses %j", (value) =>
    expect(parseOrderNumber(value)).toBeNull(),
  );
});
