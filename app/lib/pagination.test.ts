import { describe, expect, it } from "vitest";
import { pageOf, pageWindow, parsePage } from "./pagination";

describe("pagination", () => {
  it("reads the page, 1 for anything that is not a whole number from 1", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("9999999")).toBe(1);
  });

  it("turns a page into skip/take and counts pages", () => {
    expect(pageWindow(3, 20)).toEqual({ skip: 40, take: 20 });
    expect(pageOf([], 0, 1)).toMatchObject({ pageCount: 1, total: 0 });
    expect(pageOf([], 41, 1, 20)).toMatchObject({ pageCount: 3 });
  });
});
