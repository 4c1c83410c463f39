import { describe, expect, it } from "vitest";
import { encodePixelEvent, parsePixelEvent } from "./pixel";

describe("pixel one-shot events", () => {
  it("reads the registration event as the sign-up writes it", () => {
    expect(parsePixelEvent("CompleteRegistration:5b0e7c1a-1111-4222-8333-944455556666")).toEqual({
      name: "CompleteRegistration",
      id: "5b0e7c1a-1111-4222-8333-944455556666",
    });
  });

  it("round-trips a purchase with its value in pesos and the currency", () => {
    const raw = encodePixelEvent({ name: "Purchase", id: "42", params: { value: 1234.5, currency: "MXN" } });
    expect(raw).toBe("Purchase:42:1234.50:MXN");
    expect(parsePixelEvent(raw)).toEqual({ name: "Purchase", id: "42", params: { value: 1234.5, currency: "MXN" } });
  });

  it.each([
    null,
    "",
    "Purchase",
    ":1",
    "Purchase:42:abc:MXN",
    "Purchase:42:10:mxn",
    "Purchase:42:10",
    "a<b:1",
    "P:1:2:MXN:x",
  ])("ignores the malformed value %j", (raw) => {
    expect(parsePixelEvent(raw)).toBeNull();
  });
});
