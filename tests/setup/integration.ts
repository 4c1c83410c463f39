import { afterAll } from "vitest";
import { prisma } from "~/utils/db.server";

if (!process.env.DATABASE_URL) {
  throw new Error("Integration tests need a database: run them with `npm run test:integration`.");
}

afterAll(async () => {
  await prisma.$disconnect();
});
