-- CreateTable
CREATE TABLE "login_links" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "login_links_token_hash_key" ON "login_links"("token_hash");

-- CreateIndex
CREATE INDEX "login_links_user_id_idx" ON "login_links"("user_id");

-- AddForeignKey
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

