-- The shop's own fiscal data as issuer of its CFDI, edited by admins in /admin/facturacion (issue 34,
-- docs/decisions/064-shop-settings-edited-by-admins.md). A single row, id 1, the only one the code
-- writes (no CHECK: Prisma's wasm schema engine panics on those). While it does not exist the shop issues
-- with INVOICE_ISSUER_*; once saved the row wins over them.
CREATE TABLE "shop_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "issuer_rfc" TEXT NOT NULL,
    "issuer_name" TEXT NOT NULL,
    "issuer_regimen" TEXT NOT NULL,
    "issuer_zip" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" TEXT NOT NULL,

    CONSTRAINT "shop_settings_pkey" PRIMARY KEY ("id")
);
