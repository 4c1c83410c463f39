import { parseWithZod } from "@conform-to/zod";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AUTH_MESSAGES, LoginSchema } from "~/lib/validation/auth";
import { type AuthUser, verifyLogin } from "~/models/user.server";

/** Thrown by the form strategy when the e-mail and password do not match an account. */
export class InvalidCredentialsError extends Error {
  constructor() {
    super(AUTH_MESSAGES.invalidCredentials);
    this.name = "InvalidCredentialsError";
  }
}

/**
 * remix-auth 4 only authenticates; it keeps no session. Login actions call
 * `authenticator.authenticate("form", request)` and then `createUserSession` themselves.
 * The strategy reads the form with the same schema as the login form.
 */
export const authenticator = new Authenticator<AuthUser>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success") throw new InvalidCredentialsError();
    const user = await verifyLogin(submission.value.email, submission.value.password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);

/** Pads a response to at least `ms` since `start`, so fast and slow paths look alike. */
export async function padResponseTime(start: number, ms: number): Promise<void> {
  const wait = start + ms - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
