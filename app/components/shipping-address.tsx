import { formatPhone } from "~/lib/phone";
import type { ShippingAddress } from "~/models/order-views.server";

/**
 * An order's ship-to address as staff read it, in the order a courier's label has it: who and their
 * phone, street with número interior, colonia, city, state and C.P., country, and the references that
 * help find the door. The staff's order page and the packing slip.
 */
export function ShippingAddressBlock({ address, className = "" }: { address: ShippingAddress; className?: string }) {
  const a = address;
  return (
    <address className={`not-italic leading-relaxed ${className}`} data-testid="order-address">
      {a.name} · Tel. {formatPhone(a.phone)}
      <br />
      {a.addressLine2}
      {a.interiorNumber ? `, int. ${a.interiorNumber}` : ""}, {a.addressLine1}
      <br />
      {a.city}, {a.state}, C.P. {a.postalCode}
      <br />
      {a.country}
      {a.references ? (
        <>
          <br />
          Referencias: {a.references}
        </>
      ) : null}
    </address>
  );
}
