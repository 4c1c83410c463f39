-- Double opt-in for the newsletter (docs/decisions/031-only-the-inbox-decides.md).
-- A subscription now starts pending (is_subscribed false, a confirmation token e-mailed to the address)
-- and is_subscribed turns true only when the link is followed. Subscribers from before stay subscribed:
-- they count as confirmed on the day they subscribed.
-- Expand only: the previous release's code keeps working (it never reads the new columns, and the new
-- default only makes a row it creates wait for a confirmation instead of receiving newsletters).

-- AlterTable
ALTER TABLE "interested_clients" ADD COLUMN "confirmed_at" TIMESTAMP(3),
ADD COLUMN "confirm_token" TEXT,
ALTER COLUMN "is_subscribed" SET DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "interested_clients_confirm_token_key" ON "interested_clients"("confirm_token");

-- Existing subscribers stay confirmed.
UPDATE "interested_clients" SET "confirmed_at" = "created_at" WHERE "is_subscribed";
