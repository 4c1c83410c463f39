-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "headers" JSONB;
