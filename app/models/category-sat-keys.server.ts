import { normaliseSatProductKey, satProductKeyError } from "~/lib/cfdi/product-keys";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";

/**
 * The SAT product key of each category (docs/decisions/061): the list staff see in /admin/categorias
 * and the change an admin makes, checked here (eight digits) and written with its audit entry in one
 * transaction. The next CFDI stamped for a piece of the category carries the new key; invoices already
 * stamped keep the key they were stamped with (their XML is the snapshot).
 */

export type CategorySatKey = { id: number; name: string; slug: string; satProductKey: string };

export function listCategorySatKeys(): Promise<CategorySatKey[]> {
  return prisma.category.findMany({
    select: { id: true, name: true, slug: true, satProductKey: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
  });
}

export type SatKeyChange =
  | { status: "ok" | "unchanged"; name: string; key: string }
  | { status: "invalid"; message: string }
  | { status: "not_found" };

export async function setCategorySatKey(actor: Actor, categoryId: number, typed: string): Promise<SatKeyChange> {
  const message = satProductKeyError(typed);
  if (message) return { status: "invalid", message };
  const key = normaliseSatProductKey(typed);
  return prisma.$transaction(async (tx): Promise<SatKeyChange> => {
    const rows = await tx.$queryRaw<{ name: string; sat_product_key: string }[]>`
      SELECT "name", "sat_product_key" FROM "categories" WHERE "id" = ${categoryId} FOR UPDATE`;
    const category = rows[0];
    if (!category) return { status: "not_found" };
    if (category.sat_product_key === key) return { status: "unchanged", name: category.name, key };
    await tx.category.update({ where: { id: categoryId }, data: { satProductKey: key } });
    await recordAudit(tx, actor, {
      action: "category_sat_key",
      before: { category: category.name, satProductKey: category.sat_product_key },
      after: { category: category.name, satProductKey: key },
    });
    return { status: "ok", name: category.name, key };
  });
}
