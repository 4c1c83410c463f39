import { afterEach, describe, expect, it } from "vitest";
import { loader as privacyLoader } from "~/routes/aviso-de-privacidad";
import { getPublicEnv, getShopInfo, resetEnvCache } from "~/utils/env.server";

const KEYS = [
  "SHOP_LEGAL_NAME",
  "SHOP_RFC",
  "SHOP_ADDRESS",
  "SHOP_PHONE",
  "SHOP_EMAIL",
  "SHOP_PRIVACY_EMAIL",
  "SHOP_WHATSAPP",
];

afterEach(() => {
  for (const key of KEYS) delete process.env[key];
  resetEnvCache();
});

describe("the business behind the shop", () => {
  it("comes from the SHOP_* settings, for the legal pages and the footer", () => {
    Object.assign(process.env, {
      SHOP_LEGAL_NAME: "Alhajas del Centro, S.A. de C.V.",
      SHOP_RFC: "ACE010101AB1",
      SHOP_ADDRESS: "Madero 1, Centro, 06000 Ciudad de México",
      SHOP_PHONE: "+52 55 0000 0000",
      SHOP_EMAIL: "hola@alhajas.example",
    });
    resetEnvCache();
    const shop = getShopInfo();
    expect(shop).toMatchObject({
      legalName: "Alhajas del Centro, S.A. de C.V.",
      rfc: "ACE010101AB1",
      address: "Madero 1, Centro, 06000 Ciudad de México",
      phone: "+52 55 0000 0000",
      email: "hola@alhajas.example",
      privacyEmail: "hola@alhajas.example",
    });
    expect(privacyLoader()).toEqual({ shop });
    expect(getPublicEnv().SHOP).toEqual(shop);
  });

  it("has no WhatsApp unless SHOP_WHATSAPP names one, in E.164 digits (issue 37)", () => {
    expect(getPublicEnv().SHOP.whatsapp).toBeNull();
    process.env.SHOP_WHATSAPP = "+5215512345678";
    resetEnvCache();
    expect(getPublicEnv().SHOP.whatsapp).toBe("5215512345678");
    process.env.SHOP_WHATSAPP = "55 1234 5678";
    resetEnvCache();
    expect(() => getShopInfo()).toThrow(/SHOP_WHATSAPP/);
  });

  it("refuses an e-mail that is not one", () => {
    process.env.SHOP_EMAIL = "no-es-un-correo";
    resetEnvCache();
    expect(() => getShopInfo()).toThrow(/SHOP_EMAIL/);
  });
});
