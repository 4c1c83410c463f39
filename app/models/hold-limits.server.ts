import type { Prisma } from "~/generated/prisma/client";
import type { Shipping } from "~/lib/validation/checkout";
import { prisma } from "~/utils/db.server";
import { CheckoutError, ORPHANED_CHECKOUT_MS } from "./order.server";

/**
 * How many pieces one shopper may hold without paying (issue 32, docs/decisions/030). PAGAR takes the
 * pieces off the shelf; an OXXO voucher or a SPEI transfer keeps them off for days (decision 021), and
 * before these limits one free account could hold a product's last pieces, again and again. Now:
 *
 * - A new PAGAR ends the shopper's earlier unpaid card session (`previousCheckouts`, settled by the
 *   caller through the provider and the order lifecycle): one payable checkout per account, the way a
 *   shopper who changes their mind expects. A voucher or transfer already issued is money the shopper
 *   may be paying right now: it is never ended here, it counts toward the limits instead.
 * - Per holder — the account, the shipping address (postal code, street and number, interior), and the
 *   e-mail (letter case and a `+tag` ignored) across accounts — at most HOLD_LIMITS.awaitingOrders orders
 *   waiting for a voucher or transfer before another PAGAR, and at most HOLD_LIMITS.heldPieces pieces
 *   held by those orders and the new one together.
 * - Checked in the order's own transaction, after locking every holder (transaction-scoped advisory
 *   locks, in one order): two PAGAR at once queue, and the second counts the first's order.
 */
export const HOLD_LIMITS = { awaitingOrders: 2, heldPieces: 10 } as const;

type Tx = Prisma.TransactionClient;
type Holder = "account" | "address" | "email";

function pieces(n: number): string {
  return n === 1 ? "1 pieza" : `${n} piezas`;
}

const WHOSE: Record<Holder, string> = {
  account: "Ya tienes",
  address: "Ya hay, para esta dirección de envío,",
  email: "Ya hay, para este correo electrónico,",
};

/** Why a hold is refused, in the shopper's words (shown next to PAGAR). */
export const HOLD_MESSAGES = {
  inProgress:
    "Ya tienes un pago en curso en otra ventana o pestaña. Termínalo o espera un momento y vuelve a intentarlo.",
  awaitingOrders: (holder: Holder) =>
    `${WHOSE[holder]} ${HOLD_LIMITS.awaitingOrders} pedidos pendientes de pago (OXXO o transferencia SPEI) con piezas apartadas. Págalos o espera a que venzan para apartar más.`,
  heldPieces: (holder: Holder, held: number, cart: number) =>
    held === 0
      ? `Puedes apartar hasta ${pieces(HOLD_LIMITS.heldPieces)} sin pagar a la vez y tu carrito tiene ${pieces(cart)}. Quita algunas para continuar.`
      : `Puedes apartar hasta ${pieces(HOLD_LIMITS.heldPieces)} sin pagar a la vez. ${WHOSE[holder]} ${pieces(held)} en pedidos pendientes de pago y tu carrito tiene ${pieces(cart)}: paga esos pedidos o quita piezas de tu carrito.`,
};

/** Lower case, no accents, letters and digits only: "Av. Masaryk #123" and "av masaryk 123" are one. */
function squeeze(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\b(avenida|av|calle|c|no|num|numero|int|interior|depto|departamento)\b/g, "")
    .replace(/[^a-z0-9]/g, "");
}

/** The holder key of a shipping address: postal code, street and number, interior number. */
export function addressKey(address: { postalCode: string; street: string; interior: string | null }): string {
  return `${squeeze(address.postalCode)}|${squeeze(address.street)}|${squeeze(address.interior)}`;
}

/** The holder key of an e-mail: letter case and a `+tag` ignored (ana+1@x.mx and Ana@x.mx are one). */
export function emailKey(email: string): string {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.replace(/\+.*$/, "")}@${domain}`;
}

type HeldOrder = {
  userId: string;
  email: string;
  awaiting: boolean;
  postalCode: string | null;
  street: string | null;
  interior: string | null;
  pieces: number;
};

/**
 * The hold limits, inside the transaction that creates the order (run before it): locks the
 * shopper's holders, then throws a CheckoutError with the Spanish reason when the new order would go
 * beyond them. Holds are orders still pendiente with their pieces off the shelf.
 */
export async function enforceHoldLimits(
  tx: Tx,
  user: { id: string; email: string },
  shipping: Pick<Shipping, "postalCode" | "address_line2" | "interiorNumber">,
): Promise<void> {
  const keys = {
    address: addressKey({
      postalCode: shipping.postalCode,
      street: shipping.address_line2,
      interior: shipping.interiorNumber,
    }),
    email: emailKey(user.email),
  };
  // One lock per holder, taken in one (sorted) order by every PAGAR so that two never wait on each
  // other; released with the transaction, after the new order is committed.
  for (const key of [`account:${user.id}`, `address:${keys.address}`, `email:${keys.email}`].sort()) {
    await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext(${`hold:${key}`}))`;
  }
  const domain = keys.email.slice(keys.email.lastIndexOf("@"));
  const held = await tx.$queryRaw<HeldOrder[]>`
    SELECT o."user_id"::text AS "userId", o."email", o."voucher_issued_at" IS NOT NULL AS "awaiting",
      a."postal_code" AS "postalCode", a."address_line2" AS "street", a."interior_number" AS "interior",
      COALESCE((SELECT SUM(i."quantity") FROM "order_items" i WHERE i."order_id" = o."id"), 0)::int AS "pieces"
    FROM "orders" o LEFT JOIN "addresses" a ON a."order_id" = o."id"
    WHERE o."status" = 'pendiente' AND o."stock_released_at" IS NULL
      AND (o."user_id" = ${user.id}::uuid OR a."postal_code" = ${shipping.postalCode}
        OR lower(o."email") LIKE ${`%${domain}`})`;

  // An unpaid card checkout the caller could not end: another tab's PAGAR in flight (or one racing
  // this), or a session the provider would not expire. Two payable orders at once are what this ends.
  if (held.some((order) => order.userId === user.id && !order.awaiting)) {
    throw new CheckoutError(HOLD_MESSAGES.inProgress);
  }
  const cart = await tx.cartItem.aggregate({ where: { userId: user.id }, _sum: { quantity: true } });
  const wanted = cart._sum.quantity ?? 0;
  const holds: Record<Holder, (order: HeldOrder) => boolean> = {
    account: (order) => order.userId === user.id,
    address: (order) =>
      order.postalCode !== null &&
      addressKey({ postalCode: order.postalCode, street: order.street ?? "", interior: order.interior }) ===
        keys.address,
    email: (order) => emailKey(order.email) === keys.email,
  };
  for (const holder of ["account", "address", "email"] as const) {
    const awaiting = held.filter((order) => order.awaiting && holds[holder](order));
    if (awaiting.length >= HOLD_LIMITS.awaitingOrders) throw new CheckoutError(HOLD_MESSAGES.awaitingOrders(holder));
    const heldPieces = awaiting.reduce((sum, order) => sum + order.pieces, 0);
    if (heldPieces + wanted > HOLD_LIMITS.heldPieces) {
      throw new CheckoutError(HOLD_MESSAGES.heldPieces(holder, heldPieces, wanted));
    }
  }
}

/**
 * The shopper's earlier checkouts a new PAGAR ends: pending orders still holding their pieces, with no
 * voucher or transfer issued, that reached the provider (a session) or were orphaned long ago. A young
 * order without a session is another tab's PAGAR in flight: left alone (`enforceHoldLimits` refuses).
 */
export function previousCheckouts(userId: string, now = new Date()) {
  return prisma.order.findMany({
    where: {
      userId,
      status: "pendiente",
      stockReleasedAt: null,
      voucherIssuedAt: null,
      OR: [{ stripeSessionId: { not: null } }, { createdAt: { lt: new Date(now.getTime() - ORPHANED_CHECKOUT_MS) } }],
    },
    select: { id: true, stripeSessionId: true },
  });
}
