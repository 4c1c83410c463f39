-- AlterTable
ALTER TABLE "product_variants" ADD COLUMN     "material" TEXT;
