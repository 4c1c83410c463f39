-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "installment_months" INTEGER;

