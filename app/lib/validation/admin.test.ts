import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_REASON, OrderActionSchema, RETURN_MESSAGES, ReturnSchema, TRACKING_MESSAGES } from "./admin";
import { parseForm } from "./test-utils";

describe("ReturnSchema", () => {
  it("defaults the reason and normalises the order number", () => {
    expect(parseForm(ReturnSchema, { orderNumber: " lj123456 " }).value).toEqual({
      orderNumber: "LJ123456",
      reason: DEFAULT_RETURN_REASON,
    });
    expect(parseForm(ReturnSchema, { orderNumber: "123" }).errors).toEqual({
      orderNumber: RETURN_MESSAGES.orderRequired,
    });
  });
});

describe("OrderActionSchema", () => {
  it("ships with a carrier and a guide number, which Otra paquetería may leave out", () => {
    expect(
      parseForm(OrderActionSchema, { intent: "ship", orderId: "3", carrier: "dhl", trackingCode: " 12 34-5 " }).value,
    ).toEqual({
      intent: "ship",
      orderId: 3,
      carrier: "dhl",
      trackingCode: "12 34-5",
    });
    expect(parseForm(OrderActionSchema, { intent: "ship", orderId: "3", carrier: "dhl" }).errors).toEqual({
      trackingCode: TRACKING_MESSAGES.required,
    });
    expect(parseForm(OrderActionSchema, { intent: "tracking", orderId: "3", carrier: "otra" }).value).toEqual({
      intent: "tracking",
      orderId: 3,
      carrier: "otra",
      trackingCode: null,
    });
  });

  it("refuses an unknown carrier and markup in the guide number", () => {
    expect(
      parseForm(OrderActionSchema, { intent: "ship", orderId: "3", carrier: "ups", trackingCode: "1" }).errors,
    ).toEqual({
      carrier: TRACKING_MESSAGES.carrier,
    });
    expect(
      parseForm(OrderActionSchema, { intent: "tracking", orderId: "3", carrier: "fedex", trackingCode: "<b>" }).errors,
    ).toEqual({ trackingCode: TRACKING_MESSAGES.invalid });
  });
});
