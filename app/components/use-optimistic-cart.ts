import { useFetchers } from "@remix-run/react";
import type { Cart } from "~/models/cart.server";

type PendingCartChange =
  | { intent: "add"; quantity: number }
  | {
      intent: "set-quantity";
      lineKey: string;
      quantity: number;
      current: number;
    }
  | { intent: "remove"; lineKey: string; current: number }
  | { intent: "clear" };

/** Cart changes submitted to /cart that the server has not confirmed yet (optimistic UI). */
function usePendingCartChanges(): PendingCartChange[] {
  const fetchers = useFetchers();
  const changes: PendingCartChange[] = [];
  for (const f of fetchers) {
    const form = f.formData;
    if (!form || f.formAction?.split("?")[0] !== "/cart") continue;
    const intent = form.get("intent");
    const lineKey = String(form.get("lineKey") ?? "");
    const quantity = Number(form.get("quantity") ?? 1);
    const current = Number(form.get("current") ?? 0);
    if (intent === "add" && Number.isFinite(quantity)) changes.push({ intent, quantity });
    else if (intent === "set-quantity" && Number.isFinite(quantity))
      changes.push({ intent, lineKey, quantity, current });
    else if (intent === "remove") changes.push({ intent, lineKey, current });
    else if (intent === "clear") changes.push({ intent });
  }
  return changes;
}

/** The header badge count including changes still on their way to the server. */
export function useOptimisticCartCount(serverCount: number): number {
  const changes = usePendingCartChanges();
  let count = serverCount;
  for (const c of changes) {
    if (c.intent === "add") count += Math.max(c.quantity, 0);
    else if (c.intent === "set-quantity") count += Math.max(c.quantity, 0) - c.current;
    else if (c.intent === "remove") count -= c.current;
    else count = 0;
  }
  return Math.max(count, 0);
}

/** The server's cart with the pending quantity changes, removals and clearing applied. */
export function useOptimisticCart(cart: Cart): Cart {
  const changes = usePendingCartChanges();
  if (changes.length === 0) return cart;
  let lines = cart.lines;
  for (const c of changes) {
    if (c.intent === "clear") lines = [];
    else if (c.intent === "remove") lines = lines.filter((l) => l.lineKey !== c.lineKey);
    else if (c.intent === "set-quantity") {
      lines = lines.flatMap((l) => {
        if (l.lineKey !== c.lineKey) return [l];
        if (c.quantity <= 0) return [];
        const quantity = Math.min(c.quantity, Math.max(l.stock, 1));
        return [{ ...l, quantity, lineTotal: l.unitPrice * quantity }];
      });
    }
  }
  return {
    lines,
    count: lines.reduce((s, l) => s + l.quantity, 0),
    total: lines.reduce((s, l) => s + l.lineTotal, 0),
  };
}
