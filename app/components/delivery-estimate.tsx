import { type DeliveryWindow, formatDeliveryWindow } from "~/lib/delivery";
import { formatMoney } from "~/lib/money";
import { TruckIcon } from "./icons";

/**
 * "Envío $15.00 · Llega entre el jue 27 y el lun 1 de dic": the shipping cost and the delivery window
 * of an order paid now (the server computes it: business days, holidays, the cut-off hour). The
 * product page and the cart show it before checkout.
 */
export function DeliveryEstimate({
  window: delivery,
  fee,
  className = "",
}: {
  window: DeliveryWindow;
  fee: number;
  className?: string;
}) {
  return (
    <p className={`flex items-start gap-2 text-sm text-ink-800 ${className}`} data-testid="delivery-estimate">
      <TruckIcon width={18} height={18} className="mt-0.5 shrink-0 text-gold-700" />
      <span>
        <span className="font-medium text-ink-900">{formatDeliveryWindow(delivery)}</span>
        <span className="text-ink-700"> · Envío {formatMoney(fee)} a todo México</span>
      </span>
    </p>
  );
}
