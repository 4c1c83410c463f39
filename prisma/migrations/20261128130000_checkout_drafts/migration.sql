-- The checkout's draft (issue 37): what a shopper typed in the shipping form, kept per shopper until
-- the order is placed, so closing the checkout modal or reloading the page loses nothing.
-- Expand only: a new table the previous release never reads.

-- CreateTable
CREATE TABLE "checkout_drafts" (
    "user_id" UUID NOT NULL,
    "fields" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "checkout_drafts_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
