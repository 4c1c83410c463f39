import { Link } from "~/components/link";
import { useId, useState } from "react";
import { formatPhone } from "~/lib/phone";
import { ADDRESS_PARAM, NEW_ADDRESS, type SavedAddress, streetLine } from "~/lib/saved-address";
import { useHydrated } from "../use-hydrated";

/**
 * A returning customer's earlier addresses above the shipping form, the one in the form marked. Each is
 * a link (`?direccion=<id>`, `?direccion=nueva` for a new one) that reloads the form with it without
 * JavaScript; with JavaScript it fills the form in place (also inside the checkout modal). Either way
 * every field stays editable.
 */
export function SavedAddressPicker({
  addresses,
  chosenId,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  chosenId: number | null;
  onChoose: (address: SavedAddress | null) => void;
}) {
  const hydrated = useHydrated();
  const titleId = useId();
  const [current, setCurrent] = useState<number | null>(chosenId);
  const choose = (address: SavedAddress | null) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setCurrent(address?.id ?? null);
    onChoose(address);
  };
  const option =
    "block h-full rounded-sm border px-4 py-3 text-sm transition aria-[current=true]:border-ink-900 aria-[current=true]:bg-ivory-100 aria-[current=true]:ring-1 aria-[current=true]:ring-ink-900";
  return (
    <div role="group" aria-labelledby={titleId} data-testid="saved-addresses">
      <p id={titleId} className="field-label">
        Tus direcciones
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {addresses.map((address) => (
          <li key={address.id}>
            <Link
              to={`?${ADDRESS_PARAM}=${address.id}`}
              replace
              preventScrollReset
              aria-current={current === address.id ? "true" : undefined}
              onClick={choose(address)}
              className={`${option} border-ink-700/20 bg-white hover:border-ink-900`}
            >
              <span className="block font-medium text-ink-900">
                {address.firstName} {address.lastName}
              </span>
              <span className="block text-ink-700">{streetLine(address)}</span>
              <span className="block text-ink-700">
                {address.city}, {address.state}, C.P. {address.postalCode}
              </span>
              <span className="block text-ink-700/80">Tel. {formatPhone(address.phone)}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={`?${ADDRESS_PARAM}=${NEW_ADDRESS}`}
            replace
            preventScrollReset
            aria-current={current === null ? "true" : undefined}
            onClick={choose(null)}
            className={`${option} flex items-center justify-center border-dashed border-ink-700/30 text-ink-800 hover:border-ink-900`}
          >
            + Enviar a otra dirección
          </Link>
        </li>
      </ul>
    </div>
  );
}
