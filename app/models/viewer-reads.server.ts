import type { RoleName } from "~/lib/roles";
import { preparedStatement, readConnections, readRows } from "~/utils/db.server";
import { CART_LINE_COLUMNS, CART_LINE_ORDER, type CartLineRow } from "./cart.server";
import { REVIEWABLE_ORDER } from "./review.server";

/**
 * The reads of the signed-in shopper every page makes, taken together (docs/decisions/070). Each
 * request's read names its session (and, on a product page assembled from the cache, the product, for
 * the review eligibility). A read goes at once while a connection of the reads (one on the embedded
 * PGlite, a quarter of the pool on a server: decision 068) has none of these statements on its way;
 * those asked for meanwhile wait for one to come back and then go together, in one statement. So a busy
 * shop sends one statement per round trip instead of one per page, and a quiet one waits for nothing.
 *
 * The statement: for each read, the session, its user and role, the discount code applied on their
 * checkout draft, and the cart's lines with their products' current price and stock — one row per
 * line, or one row without a line for an empty cart, none for a missing or expired session — and,
 * with a product, the same counts as `viewerReviewCounts` (their review of it; their reviewable order
 * lines holding it). The expiry is compared with the reader's clock, as a UTC timestamp like the column.
 */
const VIEWERS_SQL = preparedStatement(
  "viewers",
  `
  SELECT q."n"::int AS "n", u."id" AS "userId", u."email", u."name" AS "userName", r."role",
    d."discount_code" AS "appliedCode", ${CART_LINE_COLUMNS}, e."reviews", e."orderItems"
  FROM unnest($1::text[], $3::int[]) WITH ORDINALITY AS q("sid", "pid", "n")
  JOIN "sessions" s ON s."id" = q."sid" AND s."expires_at" > $2::timestamp
  JOIN "users" u ON u."id" = s."user_id"
  CROSS JOIN LATERAL (SELECT
    CASE WHEN q."pid" IS NULL THEN 0 ELSE
      (SELECT count(*) FROM "reviews" rv WHERE rv."product_id" = q."pid" AND rv."user_id" = u."id") END::int
      AS "reviews",
    CASE WHEN q."pid" IS NULL THEN 0 ELSE
      (SELECT count(*) FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
        WHERE i."product_id" = q."pid" AND o."user_id" = u."id" AND o."paid_at" IS NOT NULL
          AND o."status"::text = ANY($4::text[])) END::int
      AS "orderItems") e
  LEFT JOIN "user_roles" r ON r."user_id" = u."id"
  LEFT JOIN "checkout_drafts" d ON d."user_id" = u."id"
  LEFT JOIN "cart_items" c ON c."cart_user_id" = u."id"
  LEFT JOIN "products" p ON p."id" = c."product_id"
  LEFT JOIN "product_variants" v ON v."id" = c."variant_id"
  ORDER BY q."n", ${CART_LINE_ORDER}`,
);

export type ViewerRow = CartLineRow & {
  userId: string;
  email: string;
  userName: string | null;
  role: RoleName | null;
  appliedCode: string | null;
  /** The shopper's reviews of the read's product (0 without one). */
  reviews: number;
  /** The shopper's reviewable order lines holding the read's product (0 without one). */
  orderItems: number;
};

type Read = {
  sessionId: string;
  productId: number | null;
  ahead: boolean;
  resolve: (rows: ViewerRow[]) => void;
  reject: (error: unknown) => void;
};

/** At most this many reads in one statement (the arrays' length). */
const MOST_TOGETHER = 64;
let waiting: Read[] = [];
/** Statements on their way: at most one per connection of the reads. */
let onTheirWay = 0;

/**
 * The rows of one session's read (none when it is missing or expired). `ahead`: for a page assembled
 * from the cache, whose read passes those of pages being rendered (db.server.ts, `readRows`); a
 * statement carrying one such read goes ahead.
 */
export function readViewerRows(
  sessionId: string,
  { productId = null, ahead = false }: { productId?: number | null; ahead?: boolean } = {},
): Promise<ViewerRow[]> {
  return new Promise((resolve, reject) => {
    waiting.push({ sessionId, productId, ahead, resolve, reject });
    sendWaiting();
  });
}

/** Sends what waits, together, while a connection of the reads has no statement of these on its way. */
function sendWaiting(): void {
  while (waiting.length > 0 && onTheirWay < readConnections()) {
    const reads = waiting.slice(0, MOST_TOGETHER);
    waiting = waiting.slice(MOST_TOGETHER);
    onTheirWay += 1;
    void readTogether(reads).finally(() => {
      onTheirWay -= 1;
      sendWaiting();
    });
  }
}

/** One statement for `reads`; each gets its own rows, or the statement's error. */
async function readTogether(reads: Read[]): Promise<void> {
  let rows: Array<ViewerRow & { n: number }>;
  try {
    rows = await readRows<ViewerRow & { n: number }>(
      VIEWERS_SQL,
      [
        reads.map((read) => read.sessionId),
        new Date().toISOString(),
        reads.map((read) => read.productId),
        [...REVIEWABLE_ORDER.status.in],
      ],
      { ahead: reads.some((read) => read.ahead) },
    );
  } catch (error) {
    for (const read of reads) read.reject(error);
    return;
  }
  const each = reads.map((): ViewerRow[] => []);
  for (const { n, ...row } of rows) each[n - 1]?.push(row);
  reads.forEach((read, i) => read.resolve(each[i]!));
}
