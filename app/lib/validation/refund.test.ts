import { describe, expect, it } from "vitest";
import { parseRefundForm, REFUND_MESSAGES } from "./refund";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

describe("the refund form", () => {
  it("reads the pieces, the shipping and the reason", () => {
    const parsed = parseRefundForm(
      form({ intent: "revisar", "pieza-7": "1", "pieza-8": "0", envio: "on", motivo: " Talla " }),
      {
        manual: false,
      },
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        intent: "revisar",
        chosen: { items: { 7: 1 }, shipping: true, giftWrap: false },
        reason: "Talla",
        clabe: null,
        reference: null,
        requestId: null,
      },
    });
  });

  it("refuses nothing chosen, a bad quantity, no reason and an unknown intent", () => {
    expect(parseRefundForm(form({ intent: "revisar", "pieza-7": "0", motivo: "x" }), { manual: false })).toMatchObject({
      ok: false,
      errors: { form: REFUND_MESSAGES.nothing },
    });
    expect(parseRefundForm(form({ intent: "revisar", "pieza-7": "-1", motivo: "x" }), { manual: false })).toMatchObject(
      {
        ok: false,
        errors: { form: REFUND_MESSAGES.quantity },
      },
    );
    expect(parseRefundForm(form({ intent: "revisar", "pieza-7": "1" }), { manual: false })).toMatchObject({
      ok: false,
      errors: { reason: REFUND_MESSAGES.reasonRequired },
    });
    expect(parseRefundForm(form({ intent: "borrar" }), { manual: false })).toMatchObject({ ok: false, intent: null });
  });

  it("a manual refund's confirmation needs a valid CLABE and the tracking key", () => {
    const base = { intent: "confirmar", "pieza-7": "1", motivo: "x" };
    expect(
      parseRefundForm(form({ ...base, clabe: "002010077777777772", referencia: "" }), { manual: true }),
    ).toMatchObject({
      ok: false,
      errors: { clabe: "La CLABE no es válida: revisa los 18 dígitos", reference: REFUND_MESSAGES.referenceRequired },
    });
    const ok = parseRefundForm(form({ ...base, clabe: "002 010 07777777777 1", referencia: "MBAN01" }), {
      manual: true,
    });
    expect(ok).toMatchObject({ ok: true, value: { clabe: "002010077777777771", reference: "MBAN01" } });
  });
});
