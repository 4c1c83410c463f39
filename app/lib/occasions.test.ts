import { describe, expect, it } from "vitest";
import { notSoldIn } from "./not-sold";
import { isOccasionId, occasionLabel } from "./occasions";

describe("occasions and things not sold", () => {
  it("knows the six occasions by id", () => {
    expect(isOccasionId("xv-anos")).toBe(true);
    expect(isOccasionId("boda")).toBe(false);
    expect(occasionLabel("primera-comunion")).toBe("Primera comunión");
  });

  it("recognises a search for something a jewellery shop does not sell, by whole words", () => {
    expect(notSoldIn("Reloj de oro")).toBe("relojes");
    expect(notSoldIn("RELOJES")).toBe("relojes");
    expect(notSoldIn("anillo relojero")).toBeNull();
    expect(notSoldIn("anillo de compromiso")).toBeNull();
  });
});
