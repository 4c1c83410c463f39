import { describe, expect, it } from "vitest";
import { chooseSavedAddress, type SavedAddress, savedAddressValues, streetLine } from "./saved-address";

const home: SavedAddress = {
  id: 7,
  firstName: "María",
  lastName: "López",
  phone: "5512345678",
  address: "Roma Norte",
  address_line2: "Orizaba 101",
  interiorNumber: "4B",
  references: "Entre Álvaro Obregón y Colima",
  city: "Cuauhtémoc",
  postalCode: "06700",
  state: "Ciudad de México",
};
const office: SavedAddress = { ...home, id: 3, address_line2: "Reforma 222", interiorNumber: null, references: null };

describe("chooseSavedAddress", () => {
  it("takes the one named, else the newest; `nueva` takes none", () => {
    expect(chooseSavedAddress([home, office], "3")).toBe(office);
    expect(chooseSavedAddress([home, office], null)).toBe(home);
    expect(chooseSavedAddress([home, office], "99")).toBe(home);
    expect(chooseSavedAddress([home, office], "<script>")).toBe(home);
    expect(chooseSavedAddress([home, office], "nueva")).toBeNull();
    expect(chooseSavedAddress([], null)).toBeNull();
  });
});

describe("savedAddressValues", () => {
  it("gives the form's fields, leaving out empty optional ones", () => {
    expect(savedAddressValues(office)).toEqual({
      firstName: "María",
      lastName: "López",
      phone: "5512345678",
      address: "Roma Norte",
      address_line2: "Reforma 222",
      city: "Cuauhtémoc",
      postalCode: "06700",
      state: "Ciudad de México",
    });
    expect(savedAddressValues(home)).toMatchObject({
      interiorNumber: "4B",
      references: "Entre Álvaro Obregón y Colima",
    });
    expect(savedAddressValues(null)).toEqual({});
  });

  it("prints the street with its interior number", () => {
    expect(streetLine(home)).toBe("Orizaba 101, int. 4B, Roma Norte");
    expect(streetLine(office)).toBe("Reforma 222, Roma Norte");
  });
});
