import { describe, expect, it } from "vitest";
import {
  currentDeliveryWindow,
  deliveryWindow,
  type DeliverySettings,
  easterSunday,
  formatDeliveryWindow,
  mexicanClosedDays,
} from "./delivery";

const settings: DeliverySettings = {
  handlingDays: 1,
  transitMinDays: 3,
  transitMaxDays: 5,
  cutoffHour: 14,
  extraClosedDays: [],
};

/** A moment given as Mexico City's local time (UTC−6 all year since 2022). */
const cdmx = (local: string) => new Date(`${local}-06:00`);

describe("mexicanClosedDays", () => {
  it("lists the Ley Federal del Trabajo's rest days and Holy Thursday and Friday", () => {
    expect(mexicanClosedDays(2025)).toEqual([
      "2025-01-01",
      "2025-02-03",
      "2025-03-17",
      "2025-04-17",
      "2025-04-18",
      "2025-05-01",
      "2025-09-16",
      "2025-11-17",
      "2025-12-25",
    ]);
  });

  it("adds 1 October in a year of presidential handover (every six years from 2024)", () => {
    expect(mexicanClosedDays(2024)).toContain("2024-10-01");
    expect(mexicanClosedDays(2030)).toContain("2030-10-01");
    expect(mexicanClosedDays(2026)).not.toContain("2026-10-01");
    expect(mexicanClosedDays(2024)).toEqual(expect.arrayContaining(["2024-02-05", "2024-03-18", "2024-11-18"]));
  });

  it("finds Easter Sunday", () => {
    expect(["2024", "2025", "2026", "2027"].map((y) => easterSunday(Number(y)))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
    ]);
  });
});

describe("deliveryWindow", () => {
  it("counts from today before the cut-off hour: handling, then the courier's days", () => {
    const window = deliveryWindow(cdmx("2025-11-21T10:00:00"), settings);
    expect(window).toEqual({ from: "2025-11-27", to: "2025-12-01" });
    expect(formatDeliveryWindow(window)).toBe("Llega entre el jue 27 y el lun 1 de dic");
  });

  it("counts from the next business day at or after the cut-off hour, in Mexico City's time", () => {
    expect(deliveryWindow(cdmx("2025-11-21T14:00:00"), settings)).toEqual({ from: "2025-11-28", to: "2025-12-02" });
    // 05:30 UTC on Saturday is still Friday 23:30 in Mexico City.
    expect(deliveryWindow(new Date("2025-11-22T05:30:00Z"), settings)).toEqual({
      from: "2025-11-28",
      to: "2025-12-02",
    });
  });

  it("skips weekends and public holidays", () => {
    // Friday after the cut-off: Saturday, Sunday and Monday 17 (Revolution Day) are not business days.
    expect(deliveryWindow(cdmx("2025-11-14T18:00:00"), { ...settings, transitMinDays: 1, transitMaxDays: 1 })).toEqual({
      from: "2025-11-20",
      to: "2025-11-20",
    });
    // Christmas and New Year's Day fall inside the window.
    expect(deliveryWindow(cdmx("2025-12-24T09:00:00"), settings)).toEqual({ from: "2025-12-31", to: "2026-01-05" });
    // Holy Week: Thursday 17 and Friday 18 April 2025.
    expect(deliveryWindow(cdmx("2025-04-16T09:00:00"), { ...settings, transitMinDays: 1, transitMaxDays: 2 })).toEqual({
      from: "2025-04-22",
      to: "2025-04-23",
    });
  });

  it("honours the shop's own closed days and a handling of zero days", () => {
    const closed = { ...settings, handlingDays: 0, extraClosedDays: ["2025-11-24"] };
    expect(deliveryWindow(cdmx("2025-11-21T10:00:00"), closed)).toEqual({ from: "2025-11-27", to: "2025-12-01" });
    expect(deliveryWindow(cdmx("2025-11-21T10:00:00"), { ...closed, extraClosedDays: [] })).toEqual({
      from: "2025-11-26",
      to: "2025-11-28",
    });
  });
});

describe("formatDeliveryWindow", () => {
  it("names the month once, at the end, and a single day plainly", () => {
    expect(formatDeliveryWindow({ from: "2026-03-02", to: "2026-03-05" })).toBe(
      "Llega entre el lun 2 y el jue 5 de mar",
    );
    expect(formatDeliveryWindow({ from: "2026-09-30", to: "2026-09-30" })).toBe("Llega el mié 30 de sept");
    expect(formatDeliveryWindow({ from: "2026-08-01", to: "2026-08-04" })).toBe(
      "Llega entre el sáb 1 y el mar 4 de ago",
    );
  });
});

describe("currentDeliveryWindow", () => {
  it("answers as deliveryWindow, kept only within one minute and for the same settings", () => {
    const before = cdmx("2025-11-21T13:59:10");
    const first = currentDeliveryWindow(settings, before);
    expect(first).toEqual(deliveryWindow(before, settings));
    expect(currentDeliveryWindow({ ...settings }, cdmx("2025-11-21T13:59:50"))).toBe(first);
    // The cut-off hour starts a new minute: the window moves at once.
    expect(currentDeliveryWindow(settings, cdmx("2025-11-21T14:00:00"))).toEqual({
      from: "2025-11-28",
      to: "2025-12-02",
    });
    const closed = { ...settings, extraClosedDays: ["2025-11-27"] };
    expect(currentDeliveryWindow(closed, cdmx("2025-11-21T14:00:00"))).toEqual(
      deliveryWindow(cdmx("2025-11-21T14:00:00"), closed),
    );
  });
});
