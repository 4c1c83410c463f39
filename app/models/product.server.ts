import type { CategoryId } from "~/lib/constants";
import { sortForGrid } from "~/lib/catalog";
import { prisma } from "~/utils/db.server";

const cardSelect = {
  id: true,
  name: true,
  price: true,
  originalPrice: true,
  image: true,
  material: true,
  stock: true,
  isNew: true,
  isFeatured: true,
  category: { select: { slug: true, name: true } },
  variants: {
    select: { id: true, name: true, model: true, size: true, price: true, originalPrice: true, stock: true, image: true },
    orderBy: { sortOrder: "asc" },
  },
} as const;

/**
 * Products of the home grid, in one database round trip (relations are joined):
 * newest first from the database, then ordered by the spec's badges.
 */
export async function getProductGrid(category: CategoryId = "all") {
  const products = await prisma.product.findMany({
    where: category === "all" ? {} : { category: { slug: category } },
    select: cardSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return sortForGrid(products);
}

export type GridProduct = Awaited<ReturnType<typeof getProductGrid>>[number];
