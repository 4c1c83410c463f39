import { useRouteLoaderData } from "@remix-run/react";
import { shownPrice } from "~/lib/checkout";
import type { InstallmentPlan } from "~/lib/installments";
import type { loader as rootLoader } from "~/root";

/**
 * Whether the shop shows prices with IVA included (the PRICES_INCLUDE_IVA setting, sent by the
 * root loader). Prices from the server are always before IVA; components turn them into what the
 * shopper sees with `useShownPrice`.
 */
export function useIvaIncluded(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.ENV.PRICES_INCLUDE_IVA ?? false;
}

/** The price to print for a stored price, with its IVA when the shop shows prices with IVA. */
export function useShownPrice(): (price: number) => number {
  const included = useIvaIncluded();
  return (price) => shownPrice(price, included);
}

/** The meses sin intereses plans the shop offers (the MSI_PLANS setting, sent by the root loader). */
export function useInstallmentPlans(): readonly InstallmentPlan[] {
  return useRouteLoaderData<typeof rootLoader>("root")?.ENV.MSI_PLANS ?? [];
}
