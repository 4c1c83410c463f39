import type { SavedAddress } from "~/lib/saved-address";
import { prisma } from "~/utils/db.server";
import { SHIPPING_ADDRESS_SELECT } from "./order-views.server";

/**
 * A returning customer's addresses: the shipping addresses of their earlier orders, newest first, each
 * different one once. The checkout offers them (the newest chosen by default) and the shopper may
 * still edit every field.
 */

/** How many different addresses the checkout offers. */
const OFFERED = 3;
/** How many recent orders' addresses are read to find them (repeat orders share an address). */
const SCANNED = 30;

export async function getSavedAddresses(userId: string): Promise<SavedAddress[]> {
  const rows = await prisma.address.findMany({
    where: { userId },
    orderBy: { id: "desc" },
    take: SCANNED,
    select: { id: true, firstName: true, lastName: true, ...SHIPPING_ADDRESS_SELECT },
  });
  const seen = new Set<string>();
  const addresses: SavedAddress[] = [];
  for (const row of rows) {
    const [first, ...rest] = row.name.split(" ");
    const address: SavedAddress = {
      id: row.id,
      // Addresses written before the name's parts were kept apart: the first word is the name.
      firstName: row.firstName ?? first ?? "",
      lastName: row.lastName ?? rest.join(" "),
      phone: row.phone,
      address: row.addressLine1,
      address_line2: row.addressLine2,
      interiorNumber: row.interiorNumber,
      references: row.references,
      city: row.city,
      postalCode: row.postalCode,
      state: row.state,
    };
    const key = JSON.stringify({ ...address, id: 0 }).toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
    if (addresses.length === OFFERED) break;
  }
  return addresses;
}
