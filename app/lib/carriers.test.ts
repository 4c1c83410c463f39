import { describe, expect, it } from "vitest";
import { CARRIER_KEYS, CARRIERS, carrierLabel, isCarrierKey, trackingUrl } from "./carriers";

describe("carriers", () => {
  it("has a label for every carrier and an https tracking page for all but Otra", () => {
    for (const key of CARRIER_KEYS) {
      expect(CARRIERS[key].label).not.toBe("");
      const url = trackingUrl(key, "ABC123");
      if (key === "otra") expect(url).toBeNull();
      else expect(url).toMatch(/^https:\/\/[^/]+\/.*ABC123/);
    }
  });

  it("puts the guide number into the carrier's page, encoded", () => {
    expect(trackingUrl("estafeta", "8055241528464720099314")).toBe(
      "https://www.estafeta.com/herramientas/rastreo?wayBillType=1&wayBill=8055241528464720099314",
    );
    expect(trackingUrl("dhl", "12 34")).toBe(
      "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=12%2034&submit=1",
    );
    expect(trackingUrl("paquetexpress", "a/b?c")).toBe("https://www.paquetexpress.com.mx/rastreo/a%2Fb%3Fc");
  });

  it("has no page without a carrier, a number or with an unknown carrier", () => {
    expect(trackingUrl(null, "X1")).toBeNull();
    expect(trackingUrl("fedex", null)).toBeNull();
    expect(trackingUrl("fedex", "")).toBeNull();
    expect(trackingUrl("correos", "X1")).toBeNull();
  });

  it("names carriers and recognises their keys", () => {
    expect(carrierLabel("99minutos")).toBe("99minutos");
    expect(carrierLabel("otra")).toBe("Otra paquetería");
    expect(carrierLabel(null)).toBeNull();
    expect(isCarrierKey("fedex")).toBe(true);
    expect(isCarrierKey("FedEx")).toBe(false);
  });
});
