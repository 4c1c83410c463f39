-- Gift options on an order (a message for the card, gift packaging priced as a line of the subtotal)
-- and the parts of a Mexican address couriers use (número interior, referencias), with the name's two
-- parts kept apart so a returning customer's checkout can offer an earlier address as typed.

-- AlterTable
ALTER TABLE "addresses" ADD COLUMN     "address_references" TEXT,
ADD COLUMN     "first_name" TEXT,
ADD COLUMN     "interior_number" TEXT,
ADD COLUMN     "last_name" TEXT;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "gift_message" TEXT,
ADD COLUMN     "gift_wrap_price" INTEGER;
