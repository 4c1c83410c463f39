import type { Prisma } from "~/generated/prisma/client";
import type { VariantInput } from "~/lib/validation/admin-product";
import type { AuditEntryInput } from "./audit.server";
import { type StoredVariant, changed, untouchedStock, variantColumns } from "./product-form-columns.server";

/**
 * One variant of the product form written: added, changed (only what differs) or removed (archived
 * when orders point at it, deleted otherwise), each returning its audit entry.
 */

type Tx = Prisma.TransactionClient;

export async function createVariant(tx: Tx, productId: number, input: VariantInput, position: number) {
  const data = variantColumns(input, position);
  const { id } = await tx.variant.create({ data: { productId, ...data }, select: { id: true } });
  if (data.image) await tx.variantImage.create({ data: { variantId: id, url: data.image } });
  return {
    action: "variant_create",
    productId,
    before: null,
    after: { variantId: id, variant: data.name, ...data },
  } satisfies AuditEntryInput;
}

export async function updateVariant(
  tx: Tx,
  productId: number,
  current: StoredVariant,
  input: VariantInput,
  position: number,
): Promise<AuditEntryInput | null> {
  const { stock, ...columns } = variantColumns(input, position);
  const data = untouchedStock(input) ? columns : { ...columns, stock };
  const { _count: _orders, ...row } = current;
  const diff = changed(row as Record<string, unknown>, data);
  if (Object.keys(diff.after).length === 0) return null;
  await tx.variant.update({ where: { id: current.id }, data });
  // A new photo replaces the variant's gallery (its old pictures showed the old piece).
  if (data.image !== current.image) {
    await tx.variantImage.deleteMany({ where: { variantId: current.id } });
    if (data.image) await tx.variantImage.create({ data: { variantId: current.id, url: data.image } });
  }
  // Moving a variant up or down is not a change a shop owner reads about.
  const { sortOrder: _movedFrom, ...before } = diff.before;
  const { sortOrder: _movedTo, ...after } = diff.after;
  if (Object.keys(after).length === 0) return null;
  const identity = { variantId: current.id, variant: data.name };
  return { action: "variant", productId, before: { ...identity, ...before }, after: { ...identity, ...after } };
}

export async function removeVariant(tx: Tx, productId: number, variant: StoredVariant): Promise<AuditEntryInput> {
  await tx.cartItem.deleteMany({ where: { variantId: variant.id } });
  const identity = { variantId: variant.id, variant: variant.name };
  if (variant._count.orderItems > 0) {
    const archivedAt = new Date();
    await tx.variant.update({ where: { id: variant.id }, data: { archivedAt } });
    return {
      action: "variant_archive",
      productId,
      before: { ...identity, archivedAt: null },
      after: { ...identity, archivedAt: archivedAt.toISOString() },
    };
  }
  await tx.variant.delete({ where: { id: variant.id } });
  return { action: "variant_delete", productId, before: { ...identity, stock: variant.stock }, after: null };
}
