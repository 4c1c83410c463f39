import { describe, expect, it } from "vitest";
import { codeLocked, DISCOUNT_CODE_EDIT_MESSAGES, editRefusal, limitBelowUsesMessage } from "./discount-code-edit";

describe("editing a discount code", () => {
  const stored = { code: "BUENFIN", usedCount: 0, onOrders: false };

  it("lets a code's text change only while no use is counted and no order carries it", () => {
    expect(codeLocked(stored)).toBe(false);
    expect(codeLocked({ ...stored, usedCount: 1 })).toBe(true);
    // An order released unpaid gave its use back, but its e-mails printed the text.
    expect(codeLocked({ ...stored, onOrders: true })).toBe(true);
    expect(editRefusal(stored, { code: "BUENFIN26", usageLimit: null })).toBeNull();
    expect(editRefusal({ ...stored, usedCount: 2 }, { code: "BUENFIN26", usageLimit: null })).toEqual({
      field: "code",
      message: DISCOUNT_CODE_EDIT_MESSAGES.codeInUse,
    });
    // The same text, with uses: the other rules may change.
    expect(editRefusal({ ...stored, usedCount: 2 }, { code: "BUENFIN", usageLimit: null })).toBeNull();
  });

  it("refuses a limit below the uses counted, in Spanish next to the field; equal closes the code", () => {
    const used = { ...stored, usedCount: 3 };
    expect(editRefusal(used, { code: "BUENFIN", usageLimit: 2 })).toEqual({
      field: "usageLimit",
      message: "Ya se usó 3 veces: el límite no puede ser menor",
    });
    expect(editRefusal(used, { code: "BUENFIN", usageLimit: 3 })).toBeNull();
    expect(editRefusal(used, { code: "BUENFIN", usageLimit: null })).toBeNull();
    expect(limitBelowUsesMessage(1)).toBe("Ya se usó 1 vez: el límite no puede ser menor");
  });
});
