/**
 * One app instance's job loop in a process of its own, for tests/integration/job-claims.test.ts: it
 * opens its own connection pool to the test database, says `ready`, waits for a line on standard input
 * (so that two workers start together), runs its job until a run finds nothing, and prints
 * `{"done":n}` (orders looked at, or e-mails sent).
 *
 *   node --import tsx tests/integration/job-loop-worker.ts sweep <ISO time>
 *   node --import tsx tests/integration/job-loop-worker.ts email <SMTP URL>
 */
import { sweepExpiredReservations } from "~/models/payment-settlement.server";
import { disconnectDatabase, prisma } from "~/utils/db.server";
import { deliverPendingEmails } from "~/utils/email.server";

const [job, arg = ""] = process.argv.slice(2);
const run =
  job === "sweep"
    ? () => sweepExpiredReservations(new Date(arg), 3)
    : () => deliverPendingEmails({ smtpUrl: arg, limit: 3 });

await prisma.$queryRaw`SELECT 1`;
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
let done = 0;
for (let n = await run(); n > 0; n = await run()) done += n;
process.stdout.write(`${JSON.stringify({ done })}\n`);
await disconnectDatabase();
process.stdin.destroy();
