import type { ReviewEligibility } from "~/lib/reviews";
import { getSessionId } from "~/utils/session.server";
import { eligibilityFromCounts } from "./review.server";
import { readViewerRows } from "./viewer-reads.server";
import { type Viewer, viewerOf } from "./viewer.server";

/**
 * A signed-in shopper and whether they may review a product, for a product page assembled from the
 * cache (decision 046): the viewer's read with the product named, so the same counts as
 * `viewerReviewCounts` come in its statement (docs/decisions/070), where they were a statement of their
 * own after it. Only assembled pages ask, so it goes ahead as their viewer's does.
 */
export async function viewerOnProduct(
  request: Request,
  productId: number,
): Promise<{ viewer: Viewer | null; eligibility: ReviewEligibility | null }> {
  const sessionId = await getSessionId(request);
  if (sessionId === null) return { viewer: null, eligibility: null };
  const rows = await readViewerRows(sessionId, { productId, ahead: true });
  const viewer = await viewerOf(rows);
  return { viewer, eligibility: rows[0] ? eligibilityFromCounts(rows[0]) : null };
}
