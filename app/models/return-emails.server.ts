import type { Prisma } from "~/generated/prisma/client";
import { carrierLabel, trackingUrl } from "~/lib/carriers";
import type { ReturnRequestKind } from "~/lib/return-requests";
import { queueEmail } from "~/utils/email.server";
import { getShopInfo } from "~/utils/env.server";
import { configuredOrigin } from "~/utils/origin.server";
import { type ReturnEmailStep, returnStepEmail } from "~/utils/return-email-templates.server";

type Tx = Prisma.TransactionClient;

/** How a request's piece reads in e-mails and pages: "1 × Anillo Aurora (Talla 7 → Talla 8)". */
export function pieceText(line: {
  quantity: number;
  productName: string;
  variantName: string | null;
  exchangeVariantName: string | null;
}): string {
  const size = line.exchangeVariantName
    ? ` (${line.variantName ?? "—"} → ${line.exchangeVariantName})`
    : line.variantName
      ? ` (${line.variantName})`
      : "";
  return `${line.quantity} × ${line.productName}${size}`;
}

/**
 * Queues the shopper's e-mail about a step of their request, inside the transaction that makes the
 * step (the e-mail exists if and only if the step commits). Returns the delivery, to start after the commit.
 */
export async function queueReturnEmail(
  tx: Tx,
  requestId: number,
  step: ReturnEmailStep,
  message: string | null = null,
): Promise<() => void> {
  const request = await tx.returnRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: {
      kind: true,
      carrier: true,
      trackingCode: true,
      order: {
        select: { number: true, email: true, user: { select: { name: true } }, address: { select: { name: true } } },
      },
      items: {
        select: {
          quantity: true,
          exchangeVariantName: true,
          orderItem: { select: { productName: true, variantName: true } },
        },
        orderBy: { id: "asc" },
      },
    },
  });
  const { order } = request;
  const content = returnStepEmail({
    step,
    name: order.user.name?.trim() || order.address?.name || order.email.split("@")[0] || "Usuario",
    orderNumber: order.number,
    kind: request.kind as ReturnRequestKind,
    pieces: request.items.map((line) => pieceText({ ...line.orderItem, ...line })),
    message,
    returnAddress: getShopInfo().address,
    shipment:
      step === "exchange_shipped" && request.carrier
        ? {
            carrier: carrierLabel(request.carrier) ?? request.carrier,
            trackingCode: request.trackingCode,
            trackingUrl: trackingUrl(request.carrier, request.trackingCode),
          }
        : null,
    ordersUrl: `${configuredOrigin()}/orders`,
  });
  const { deliver } = await queueEmail(tx, { to: order.email, kind: `return-${step.replace("_", "-")}`, ...content });
  return deliver;
}
