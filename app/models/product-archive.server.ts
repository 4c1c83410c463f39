import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";

/**
 * *Archivar* and *Restaurar* in the product editor and the list (issue 37): an archived product leaves
 * the shop (every catalogue read filters `archivedAt: null`) and its cart lines go, while orders keep
 * pointing at it; restoring brings it back as it was (its archived variants stay archived: they were
 * removed one by one). Each is audited. Deleting stays apart (`deleteAdminProduct`): it archives only
 * a product that appears in orders.
 */

export type ArchiveOutcome = "done" | "unchanged" | "not_found";

export async function setProductArchived(actor: Actor, id: number, archive: boolean): Promise<ArchiveOutcome> {
  const outcome = await prisma.$transaction(async (tx): Promise<ArchiveOutcome> => {
    const [product] = await tx.$queryRaw<{ name: string; archived_at: Date | null }[]>`
      SELECT "name", "archived_at" FROM "products" WHERE "id" = ${id} FOR UPDATE`;
    if (!product) return "not_found";
    if ((product.archived_at !== null) === archive) return "unchanged";
    const archivedAt = archive ? new Date() : null;
    await tx.product.update({ where: { id }, data: { archivedAt } });
    if (archive) await tx.cartItem.deleteMany({ where: { productId: id } });
    await recordAudit(tx, actor, {
      action: archive ? "product_archive" : "product_restore",
      productId: id,
      before: { name: product.name, archivedAt: product.archived_at?.toISOString() ?? null },
      after: { name: product.name, archivedAt: archivedAt?.toISOString() ?? null },
    });
    return "done";
  });
  if (outcome === "done") catalogChanged("everything");
  return outcome;
}
