import { describe, expect, it } from "vitest";
import { giftSeason } from "./seasons";

describe("the home's gift edit", () => {
  it("is Día de las Madres from 1 April to 10 May in Mexico City, Navidad the rest of the year", () => {
    expect(giftSeason(new Date("2026-11-27T12:00:00Z")).title).toBe("Regalos para Navidad");
    expect(giftSeason(new Date("2027-04-01T06:00:00Z")).occasion).toBe("regalo-para-mama");
    // 10 May, 23:30 in Mexico City is 11 May in UTC: still Mother's Day there.
    expect(giftSeason(new Date("2027-05-11T05:30:00Z")).title).toBe("Día de las Madres");
    expect(giftSeason(new Date("2027-05-11T06:30:00Z")).title).toBe("Regalos para Navidad");
    // 1 April, 00:30 UTC is still 31 March in Mexico City.
    expect(giftSeason(new Date("2027-04-01T00:30:00Z")).occasion).toBe("navidad");
  });
});
