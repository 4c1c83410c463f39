import { parseId } from "./ids";

/**
 * An address of one of the shopper's earlier orders, in the checkout form's field names, so choosing
 * it fills the form as the shopper once typed it.
 */
export type SavedAddress = {
  /** The address row's id: `?direccion=<id>` chooses it without JavaScript. */
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  /** The colonia. */
  address: string;
  /** Street and number. */
  address_line2: string;
  interiorNumber: string | null;
  references: string | null;
  city: string;
  postalCode: string;
  state: string;
};

/** The query parameter that chooses an address in the checkout; `nueva` starts a new one. */
export const ADDRESS_PARAM = "direccion";
export const NEW_ADDRESS = "nueva";

/**
 * The address the form starts with: the one `?direccion=` names when it is one of the offered ones,
 * none for `?direccion=nueva`, else the newest.
 */
export function chooseSavedAddress(addresses: readonly SavedAddress[], param: string | null): SavedAddress | null {
  if (param === NEW_ADDRESS) return null;
  const id = parseId(param);
  return addresses.find((a) => a.id === id) ?? addresses[0] ?? null;
}

/** The fields a saved address fills (the e-mail and the gift options are not the address's). */
export function savedAddressValues(address: SavedAddress | null): Record<string, string> {
  if (!address) return {};
  const { id: _id, interiorNumber, references, ...fields } = address;
  return { ...fields, ...(interiorNumber ? { interiorNumber } : {}), ...(references ? { references } : {}) };
}

/** The fields a new address empties (the recipient's name and phone stay). */
export const ADDRESS_ONLY_FIELDS = [
  "address",
  "address_line2",
  "interiorNumber",
  "references",
  "city",
  "postalCode",
  "state",
] as const;

/** "Av. Masaryk 123, int. 4B, Polanco" — the street line of an address as the shop prints it. */
export function streetLine(address: { address_line2: string; interiorNumber: string | null; address: string }): string {
  return [address.address_line2, address.interiorNumber ? `int. ${address.interiorNumber}` : null, address.address]
    .filter(Boolean)
    .join(", ");
}
