-- Background jobs on several instances (issue 24): the reservation sweep claims each expired order
-- with a short lease (FOR UPDATE SKIP LOCKED, then this column) before calling the payment provider,
-- so two instances never settle the same order at the same time (docs/decisions/017). The lease is
-- a column, not a held row lock: the lifecycle must still be able to lock and update the order while
-- the provider is being called. The outbox needs no new column: its next_attempt_at is its lease.

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "sweep_claimed_until" TIMESTAMPTZ(3);
