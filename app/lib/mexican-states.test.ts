import { describe, expect, it } from "vitest";
import { MEXICAN_STATES, postalCodeStateMismatch, STATE_POSTAL_PREFIXES, stateOfPostalCode } from "./mexican-states";

describe("the postal code table", () => {
  it("has the 32 states, alphabetical, and every two-digit prefix from 01 to 99 but 17–19 belongs to exactly one", () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect([...MEXICAN_STATES].sort((a, b) => a.localeCompare(b, "es"))).toEqual([...MEXICAN_STATES]);
    for (let prefix = 0; prefix <= 99; prefix++) {
      const owners = MEXICAN_STATES.filter((state) =>
        STATE_POSTAL_PREFIXES[state].some(([low, high]) => prefix >= low && prefix <= high),
      );
      expect(owners.length, `prefix ${prefix}`).toBe(prefix === 0 || (prefix >= 17 && prefix <= 19) ? 0 : 1);
    }
  });

  it("finds the state of well-known postal codes", () => {
    expect(stateOfPostalCode("06700")).toBe("Ciudad de México"); // Roma Norte
    expect(stateOfPostalCode("11560")).toBe("Ciudad de México"); // Polanco
    expect(stateOfPostalCode("44100")).toBe("Jalisco"); // Guadalajara
    expect(stateOfPostalCode("64000")).toBe("Nuevo León"); // Monterrey
    expect(stateOfPostalCode("27000")).toBe("Coahuila"); // Torreón
    expect(stateOfPostalCode("35000")).toBe("Durango"); // Gómez Palacio
    expect(stateOfPostalCode("53100")).toBe("Estado de México"); // Naucalpan
    expect(stateOfPostalCode("77500")).toBe("Quintana Roo"); // Cancún
    expect(stateOfPostalCode("97000")).toBe("Yucatán"); // Mérida
    expect(stateOfPostalCode("18000")).toBeNull();
    expect(stateOfPostalCode("6700")).toBeNull();
  });
});

describe("postalCodeStateMismatch", () => {
  it("says which state the postal code belongs to when another was chosen", () => {
    expect(postalCodeStateMismatch("06700", "Ciudad de México")).toBeNull();
    expect(postalCodeStateMismatch("06700", "Jalisco")).toBe(
      "Este código postal es de Ciudad de México, no de Jalisco",
    );
    expect(postalCodeStateMismatch("00100", "Jalisco")).toBe(
      "Este código postal no corresponde a ningún estado de México",
    );
  });
});
