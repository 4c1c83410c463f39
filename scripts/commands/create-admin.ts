/**
 * The shop's first admin (or any other), from a terminal or an automation. Bundled by `npm run build`
 * into build/commands/create-admin.js (plain JavaScript: the production image has no TypeScript
 * runtime) from the app's own modules: the same password rules as registration, the same account and
 * role tables, an entry in the audit trail.
 *
 *   npm run create-admin -- --email ana@joyeriaaurora.mx [--name "Ana López"]
 *   npm run create-admin -- --email ana@joyeriaaurora.mx --promote   (an existing account becomes admin)
 *
 * The password is asked twice without echo on a terminal; otherwise it is read from ADMIN_PASSWORD,
 * or else from the first line of standard input. Exit codes: 0 done, 1 refused (the message says why),
 * 2 wrong usage.
 */
// First: a missing or wrong setting stops here with one line, before the database client loads.
import "./check-environment";
import { parseArgs } from "node:util";
import { AUTH_MESSAGES, RegisterSchema } from "~/lib/validation/auth";
import { setUserRole } from "~/models/admin-users.server";
import { createAccountWithRole } from "~/models/user.server";
import { disconnectDatabase, prisma } from "~/utils/db.server";
import { isCommonPassword } from "~/utils/password.server";
import { readPassword } from "./read-password";

const USAGE = `Usage: npm run create-admin -- --email <e-mail> [--name <name>] [--promote]
  --email    the admin's e-mail (the login)
  --name     the name shown in the panel (default: Administrador)
  --promote  make an existing account admin instead of creating one
The password: asked on a terminal, or ADMIN_PASSWORD, or the first line of standard input.`;

/** How the audit trail names changes made with this command (with the account itself as the actor). */
const ACTOR_EMAIL = "create-admin (línea de comandos)";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string", default: "Administrador" },
        promote: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
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

  if (values.promote) {
    const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) {
      console.error(`✘ There is no account with the e-mail ${email}: create it without --promote.`);
      return 1;
    }
    const change = await setUserRole({ id: user.id, email: ACTOR_EMAIL }, user.id, "admin");
    console.log(
      change === "unchanged" ? `✔ ${email} was already an admin: nothing changed.` : `✔ ${email} is now an admin.`,
    );
    return 0;
  }

  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    console.error(`✘ An account with the e-mail ${email} already exists. To make it an admin, add --promote.`);
    return 1;
  }
  const password = await readPassword();
  const parsed = RegisterSchema.safeParse({ name: values.name, email, password, confirmPassword: password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`✘ ${issue.path.join(".")}: ${issue.message}`);
    return 1;
  }
  if (await isCommonPassword(parsed.data.password)) {
    console.error(`✘ password: ${AUTH_MESSAGES.commonPassword}`);
    return 1;
  }
  const user = await createAccountWithRole(ACTOR_EMAIL, { ...parsed.data, role: "admin" });
  if (!user) {
    console.error(`✘ An account with the e-mail ${email} already exists. To make it an admin, add --promote.`);
    return 1;
  }
  console.log(`✔ Admin account created: ${user.email} (${parsed.data.name}). Log in at /login; the panel is /admin.`);
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
