/**
 * A staff member's new password, from a terminal: the way back in for an admin (or an employee) who
 * forgot theirs, also when the shop cannot e-mail a reset link (no SMTP_URL). Bundled by
 * `npm run build` into build/commands/reset-password.js, like create-admin, from the app's own
 * modules: the same password policy as registration and the reset form, and in one transaction the
 * account's sessions, sign-in links and reset tokens end, the audit trail records it and the owner is
 * e-mailed that the password changed.
 *
 *   npm run reset-password -- --email ana@joyeriaaurora.mx
 *   node build/commands/reset-password.js --email ana@joyeriaaurora.mx   (in the image)
 *
 * Customer accounts are refused: customers use "¿Olvidaste tu contraseña?" (/forgot-password).
 * The password is asked twice without echo on a terminal; otherwise it is read from ADMIN_PASSWORD,
 * or else from the first line of standard input. Exit codes: 0 done, 1 refused (the message says
 * why), 2 wrong usage.
 */
// First: a missing or wrong setting stops here with one line, before the database client loads.
import "./check-environment";
import { parseArgs } from "node:util";
import { AUTH_MESSAGES, ResetPasswordSchema } from "~/lib/validation/auth";
import { findStaffAccount, resetStaffPassword } from "~/models/staff-password.server";
import { disconnectDatabase } from "~/utils/db.server";
import { waitForEmailDeliveries } from "~/utils/email.server";
import { configuredOrigin } from "~/utils/origin.server";
import { isCommonPassword } from "~/utils/password.server";
import { readPassword } from "./read-password";

const USAGE = `Usage: npm run reset-password -- --email <e-mail>
  --email    the staff member's e-mail (their login); customers reset theirs at /forgot-password
The new password: asked twice on a terminal, or ADMIN_PASSWORD, or the first line of standard input.
Every session, sign-in link and reset link of the account ends.`;

/** How the audit trail names changes made with this command. */
const ACTOR_EMAIL = "reset-password (línea de comandos)";

const NOT_FOUND = (email: string) => `✘ There is no account with the e-mail ${email}.`;
const NOT_STAFF = (email: string) =>
  `✘ ${email} is a customer account: this command resets staff passwords only. ` +
  "Customers reset theirs with «¿Olvidaste tu contraseña?» (/forgot-password).";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, help: { type: "boolean", default: false } },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    return 2;
  }
  if (values.help || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const email = values.email.trim().toLowerCase();

  // Whom it is for, before asking for a password.
  const account = await findStaffAccount(email);
  if (!account.ok) {
    console.error(account.reason === "not_found" ? NOT_FOUND(email) : NOT_STAFF(email));
    return 1;
  }
  const password = await readPassword();
  const parsed = ResetPasswordSchema.safeParse({ password, confirmPassword: password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`✘ ${issue.path.join(".")}: ${issue.message}`);
    return 1;
  }
  if (await isCommonPassword(parsed.data.password)) {
    console.error(`✘ password: ${AUTH_MESSAGES.commonPassword}`);
    return 1;
  }
  const outcome = await resetStaffPassword(ACTOR_EMAIL, email, parsed.data.password, configuredOrigin());
  if (!outcome.ok) {
    console.error(outcome.reason === "not_found" ? NOT_FOUND(email) : NOT_STAFF(email));
    return 1;
  }
  outcome.deliver();
  await waitForEmailDeliveries();
  const sessions = outcome.sessionsEnded === 1 ? "1 session" : `${outcome.sessionsEnded} sessions`;
  console.log(`✔ New password set for ${email}; ${sessions}, sign-in links and reset links ended. Log in at /login.`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`✘ ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await disconnectDatabase();
}
